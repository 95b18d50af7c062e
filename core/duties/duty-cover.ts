import { queuePush, withPush, type QueuePushDeps } from '../push/queue-push';
import { dutyCoverPush } from '../push/push-notifications';
import { londonDayTimeText } from '../shared/london-time';
import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction, type AuditTrailDeps } from '../audit/audit-trail';
import { composeMail } from '../mail/compose-mail';
import type { OutgoingMail } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import type { Outbox } from '../mail/outbox.port';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { londonDate } from '../shared/london-time';
import { PATHS } from '../shared/paths';
import { UseCase } from '../shared/use-case';
import { DUTY_MESSAGES, dutyWindow } from './duties';
import { type DutyWindow } from '../duty-rosters/duty-roster';
import { dutiesOverlapping, type DutyAssignmentDeps } from './duty-assignment';
import { openSlotsFor, type OfferedSlot } from './duty-offers';
import { dutyWhen } from './duty-swap-mail';
import type { SwapCandidate } from './duty-swaps';

/**
 * "Cover needed" (docs/duties.md): an admin asks every member who may take one of an
 * event's unfilled slots (eligible on its dates and free then) to volunteer, in one message each.
 */

export const DUTY_COVER_KIND = 'duty-cover-needed';

/**
 * Who is asked, and for which slots: each member with at least one of the slots they may
 * volunteer for now (the core rule openSlotsFor: the duty still to start, the slot short, the
 * member not on it, eligible and free then). Never the ineligible or the busy.
 */
export function coverOffers<C extends SwapCandidate, S extends OfferedSlot>(
  candidates: readonly C[],
  slots: readonly S[],
  now: Date,
): { candidate: C; slots: S[] }[] {
  return candidates
    .map((candidate) => ({ candidate, slots: openSlotsFor(candidate.member, candidate.held, candidate.duties, slots, now) }))
    .filter((offer) => offer.slots.length > 0);
}

/** The message's outbox id: one per event, member and London day asked, so a second click (or a second ask that day) sends nothing more. */
export function coverMessageId(eventId: string, memberId: string, now: Date): string {
  return `duty-cover-${eventId}-${memberId}-${londonDate(now)}`;
}

/** The message: the event, the duties the member may take, and the link to the duties page. */
export function coverNeededMail(
  to: { name: string; email: string },
  cover: { eventName: string; window: DutyWindow; dutyNames: readonly string[]; clubName: string; url: string },
): OutgoingMail {
  const mail = composeMail(
    to.name,
    [
      ['Event', cover.eventName],
      ['When', dutyWhen(cover.window)],
      ['Duties needing cover', cover.dutyNames.join(', ')],
    ],
    {
      subject: `Cover needed: ${cover.eventName}`,
      paragraphs: [
        `${cover.eventName} is short of volunteers. You are qualified and free at that time for the duties below.`,
        'Open the link and press Volunteer on the duty you can take.',
      ],
      link: { lead: 'Volunteer:', text: 'See the open duties', url: cover.url },
      clubName: cover.clubName,
    },
  );
  return { to: to.email, ...mail, attachments: [] };
}

export interface AskForCoverDeps extends DutyAssignmentDeps, AuditTrailDeps {
  outbox: Outbox;
  /** Members' push devices and the push outbox: each e-mail below goes to their chosen devices too (docs/notifications.md). */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
}

export class AskForCover extends UseCase<AskForCoverDeps> {
  /** Writes one message to each member who may take an unfilled slot of the event (once a day); answers how many were asked now. */
  async ask(admin: Admin, eventId: string): Promise<{ asked: number }> {
    requirePermission(admin, 'duties.write');
    const event = await this.deps.events.get(eventId);
    if (!event) throw new NotFoundError(DUTY_MESSAGES.eventNotFound);
    if (event.cancelledAt !== null) throw new ConflictError(DUTY_MESSAGES.cancelled);
    const window = dutyWindow(event);
    if (!window) throw new ValidationError(DUTY_MESSAGES.noDate);
    const [slots, dutyTypes, members, held, busy] = await Promise.all([
      this.deps.duties.listSlots(eventId),
      this.deps.duties.listCatalogue('dutyTypes'),
      this.deps.members.list(),
      this.deps.duties.listMemberQualifications(),
      dutiesOverlapping(this.deps, window),
    ]);
    const offered = slots.map((slot) => {
      const dutyType = dutyTypes.find((type) => type.id === slot.dutyTypeId);
      return { slot, window, dutyType: dutyType ?? { qualificationIds: [] }, name: dutyType?.name ?? 'Duty' };
    });
    const candidates = members.map((member) => ({
      member,
      held: held.filter((q) => q.memberId === member.id),
      duties: busy.filter((d) => d.memberId === member.id),
    }));
    const now = this.deps.clock.now();
    const url = `${this.deps.siteSettings.publicBaseUrl}${PATHS.duties}`;
    let asked = 0;
    for (const { candidate, slots: open } of coverOffers(candidates, offered, now)) {
      const mail = coverNeededMail(candidate.member, {
        eventName: event.name,
        window,
        dutyNames: open.map((o) => o.name),
        clubName: this.deps.siteSettings.clubName,
        url,
      });
      const id = coverMessageId(event.id, candidate.member.id, now);
      const push = dutyCoverPush({ name: open.map((o) => o.name).join(', '), eventTitle: event.name, dateText: londonDayTimeText(new Date(window.start)) });
      // The push goes with the e-mail (queued by the sender should this stop before the line after).
      if (await this.deps.outbox.addOnce(withPush(newOutboxMessage(id, DUTY_COVER_KIND, event.id, mail, now), candidate.member.id, id, push))) asked += 1;
      await queuePush(this.deps, candidate.member.id, id, push);
    }
    const short = slots.filter((slot) => slot.holders.length < slot.needed).length;
    await recordAdminAction(this.deps, admin, {
      action: 'duty.cover-requested',
      recordType: 'event',
      recordId: event.id,
      summary: `Asked for cover at ${event.name}: ${asked} ${asked === 1 ? 'member' : 'members'} asked for ${short} unfilled ${short === 1 ? 'slot' : 'slots'}`,
      before: { coverAsked: null },
      after: { coverAsked: asked },
    });
    return { asked };
  }
}
