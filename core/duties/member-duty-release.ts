import type { MemberDutyRelease } from '../duty-rosters/duty-roster';
import type { AdminRepository } from '../admins/admin-repository.port';
import { composeMail } from '../mail/compose-mail';
import { formatDateRange } from '../shared/date-text';
import type { EventRepository } from '../events/event-repository.port';
import type { OutgoingMail } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import type { Member } from '../members/member';
import type { DutyAssignment } from '../duty-rosters/duty-roster';
import type { DutyRepository } from './duty-repository.port';
import type { DutyMailContext } from './duty-reminders';
import { dutyAlertRecipients } from './staffing-alerts';

/**
 * A member who leaves the rosters (disabled by an admin, erased on request, anonymised by the
 * retention run) gives up their duties still to come, so no event counts on someone who will not
 * come and no erased member's pseudonym holds a slot (docs/duties.md#when-a-member-leaves).
 */

/** The duties a leaving member gives up: those not over at `now` (as My duties counts "upcoming"); past duties stay as the record of who did them. */
export function dutiesReleasedOnLeaving<D extends Pick<DutyAssignment, 'window'>>(duties: readonly D[], now: Date): D[] {
  return duties.filter((duty) => Date.parse(duty.window.end) > now.getTime());
}

/** Why the member left the rosters, as the admins' e-mail says it. */
export type LeavingReason = 'disabled' | 'erased' | 'anonymised';
const LEAVING_TEXT: Record<LeavingReason, string> = {
  disabled: 'was disabled on the member list',
  erased: 'had their personal data erased on request',
  anonymised: 'was anonymised by the retention schedule',
};

/** The outbox kind of the e-mail telling the duty admins which slots a leaving member released. */
export const DUTIES_RELEASED_MAIL_KIND = 'duties-released';

/** One e-mail per admin per release (the member and the instant it happened), however often it is written. */
export function dutiesReleasedMessageId(memberId: string, at: Date, adminUid: string): string {
  return `duties-released-${memberId}-${at.getTime()}-${adminUid}`;
}

/** What a released duty is, for the e-mail and the confirmations: "Race officer, Autumn series". */
export interface ReleasedDutyLine {
  duty: string;
  event: string;
  when: string;
}

/** The names of the duties, looked up before the release (an unknown one reads "Duty" at "an event"). */
export function releasedDutyLines(
  duties: readonly Pick<DutyAssignment, 'slotId' | 'eventId' | 'window'>[],
  names: { duty(slotId: string): string | undefined; event(eventId: string): string | undefined },
): ReleasedDutyLine[] {
  return duties.map((duty) => ({
    duty: names.duty(duty.slotId) ?? 'Duty',
    event: names.event(duty.eventId) ?? 'An event',
    when: `${formatDateRange(duty.window.start, duty.window.end, 'member')} (UK time)`,
  }));
}

/** The e-mail to one duty admin: who left (their name as the record now holds it: a pseudonym after an erasure), and every slot released, each with a link-free line. */
export function dutiesReleasedMail(
  admin: { email: string; name: string },
  memberName: string,
  reason: LeavingReason,
  lines: readonly ReleasedDutyLine[],
  context: DutyMailContext,
): OutgoingMail {
  const mail = composeMail(
    admin.name || admin.email,
    lines.map((line) => [line.duty, `${line.event}, ${line.when}`] as [string, string]),
    {
      subject: `Duties released: ${lines.length} ${lines.length === 1 ? 'slot needs' : 'slots need'} a member`,
      paragraphs: [
        `${memberName} ${LEAVING_TEXT[reason]}, so they no longer hold the ${lines.length === 1 ? 'duty' : 'duties'} below. Assign members on each event's roster, or send a cover-needed message.`,
      ],
      link: { lead: 'The duty rosters:', text: 'Duties', url: `${context.publicBaseUrl.replace(/\/$/, '')}/admin/duties/days` },
      clubName: context.clubName,
    },
  );
  return { to: admin.email, ...mail, attachments: [] };
}

export interface MemberDutyReleaseDeps {
  duties: Pick<DutyRepository, 'listMemberDuties' | 'listCatalogue' | 'getSlot'>;
  events: Pick<EventRepository, 'get'>;
  admins: Pick<AdminRepository, 'list'>;
  siteSettings: DutyMailContext;
}

/**
 * The release to write with a leaving member's record: the names of their duties and the duty
 * admins (duties:write, not disabled) are read now; the storage decides which duties go, and the
 * e-mail, one per admin listing them all, is made from those (none when none went).
 */
export async function memberDutyRelease(
  deps: MemberDutyReleaseDeps,
  member: Pick<Member, 'id'>,
  memberName: string,
  reason: LeavingReason,
  now: Date,
): Promise<MemberDutyRelease> {
  const held = dutiesReleasedOnLeaving(await deps.duties.listMemberDuties(member.id), now);
  const [dutyTypes, admins] = await Promise.all([deps.duties.listCatalogue('dutyTypes'), deps.admins.list()]);
  const slotTypes = new Map<string, string>();
  const eventNames = new Map<string, string>();
  for (const duty of held) {
    const slot = await deps.duties.getSlot(duty.slotId);
    const type = slot && dutyTypes.find((t) => t.id === slot.dutyTypeId);
    if (type) slotTypes.set(duty.slotId, type.name);
    if (!eventNames.has(duty.eventId)) {
      const event = await deps.events.get(duty.eventId);
      if (event) eventNames.set(duty.eventId, event.name);
    }
  }
  const recipients = dutyAlertRecipients(admins);
  return {
    from: now,
    mail: (released) => {
      if (released.length === 0) return [];
      const lines = releasedDutyLines(released, { duty: (id) => slotTypes.get(id), event: (id) => eventNames.get(id) });
      return recipients.map((admin) =>
        newOutboxMessage(
          dutiesReleasedMessageId(member.id, now, admin.uid),
          DUTIES_RELEASED_MAIL_KIND,
          member.id,
          dutiesReleasedMail(admin, memberName, reason, lines, deps.siteSettings),
          now,
        ),
      );
    },
  };
}
