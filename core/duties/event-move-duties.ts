import type { DutyMove, HolderKey } from '../duty-rosters/duty-roster';
import { composeMail } from '../mail/compose-mail';
import { icsFileName } from '../events/calendar-span';
import { icsText } from '../events/ics-file';
import type { ClubEvent } from '../events/event';
import { changeLines } from '../events/event-change-notice';
import type { OutgoingMail } from '../mail/mail';
import type { Member } from '../members/member';
import { ineligibility, windowsOverlap, type DutyType, type MemberQualification, type Qualification, type StaffedSlot } from './duties';
import { type DutyAssignment, type DutyWindow } from '../duty-rosters/duty-roster';

/** Why a holder no longer fits a moved event's time: on another duty then. */
export const BUSY_AT_NEW_TIME = 'On another duty at the new time';
/** The storage's refusal when the roster changed between the decision and the write. */
export const DUTY_ROSTER_CHANGED = 'The event’s duty roster changed while it was being moved. Please make your change again.';

const keyOf = (h: HolderKey) => `${h.slotId}\u0000${h.memberId}`;

/** Whether a holder is among the move's released ones. */
export function isReleased(move: Pick<DutyMove, 'release'>, holder: HolderKey): boolean {
  return move.release.some((r) => keyOf(r) === keyOf(holder));
}

/**
 * The storage's check, in the same atomic step as the write (every adapter): null when the move
 * still holds, else DUTY_ROSTER_CHANGED: the event's holders are no longer those it was decided
 * on, or a holder who stays has taken another duty (of another event) that overlaps the new time.
 */
export function dutyMoveRefusal(
  move: DutyMove,
  current: readonly HolderKey[],
  dutiesOf: (memberId: string) => readonly Pick<DutyAssignment, 'eventId' | 'window'>[],
): string | null {
  const expected = new Set(move.holders.map(keyOf));
  if (current.length !== expected.size || current.some((h) => !expected.has(keyOf(h)))) return DUTY_ROSTER_CHANGED;
  const stays = current.filter((h) => !isReleased(move, h));
  if (stays.some((h) => dutiesOf(h.memberId).some((duty) => duty.eventId !== move.eventId && windowsOverlap(duty.window, move.window))))
    return DUTY_ROSTER_CHANGED;
  return null;
}

/** A slot's holders after the move: the released gone, the others at the new time (what every adapter writes). */
export function movedHolders<H extends DutyAssignment>(holders: readonly H[], move: DutyMove): H[] {
  return holders.filter((h) => !isReleased(move, h)).map((h) => ({ ...h, window: { ...move.window } }));
}

/** One holder of a moved event and, when they no longer fit, why (null: they stay). */
export interface HolderAfterMove {
  holder: DutyAssignment;
  release: string | null;
}

export interface MoveRosterInputs {
  eventId: string;
  slots: readonly Pick<StaffedSlot, 'dutyTypeId' | 'holders'>[];
  window: DutyWindow;
  /** Every duty each holder holds (of any event). */
  dutiesOf: (memberId: string) => readonly Pick<DutyAssignment, 'eventId' | 'window'>[];
  members: readonly Pick<Member, 'id' | 'renewalDate' | 'disabled'>[];
  dutyTypes: readonly DutyType[];
  held: readonly MemberQualification[];
  qualifications: readonly Pick<Qualification, 'id' | 'name'>[];
}

/**
 * Who of a moved event's holders no longer fits its new time, and why: on another duty (of
 * another event) that overlaps it, or no longer eligible on the new date(s) (membership or a
 * qualification that has lapsed by then). A holder an admin assigned though not eligible (with a
 * reason) stays unless busy: the admin knew. A holder no longer on the member list stays (nobody
 * to judge or tell).
 */
export function holdersAfterMove(input: MoveRosterInputs): HolderAfterMove[] {
  return input.slots.flatMap((slot) =>
    slot.holders.map((holder) => {
      if (input.dutiesOf(holder.memberId).some((duty) => duty.eventId !== input.eventId && windowsOverlap(duty.window, input.window)))
        return { holder, release: BUSY_AT_NEW_TIME };
      const member = input.members.find((m) => m.id === holder.memberId);
      if (!member || holder.overrideReason !== null) return { holder, release: null };
      const dutyType = input.dutyTypes.find((type) => type.id === slot.dutyTypeId) ?? { qualificationIds: [] };
      const held = input.held.filter((q) => q.memberId === holder.memberId);
      return { holder, release: ineligibility(member, dutyType, held, input.qualifications, input.window) };
    }),
  );
}

/** The outbox kind of the e-mail telling a duty holder that the event moved. */
export const DUTY_CHANGE_MAIL_KIND = 'duty-change';

/** One e-mail per holder per revision of the event, however often it is written (Outbox.addOnce, or a unique id in the event's write). */
export function dutyChangeMessageId(slotId: string, memberId: string, sequence: number): string {
  return `duty-change-${slotId}-${memberId}-${sequence}`;
}

/**
 * The e-mail to a duty holder of a moved event: the old and new time and the admin's reason for
 * the move (when given); for one who stays, that the duty stands for the new time, with the updated
 * calendar file (same UID, higher SEQUENCE), and where to ask for a swap if the new time does not
 * suit (their Duties page); for one released, that they are no longer on the duty and why.
 */
export function dutyChangeMail(
  member: Pick<Member, 'name' | 'email'>,
  dutyName: string,
  before: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime'>,
  after: ClubEvent,
  release: string | null,
  context: { clubName: string; location: string; eventUrl: string; dutiesUrl: string; reason?: string | null },
): OutgoingMail {
  const stays = release === null;
  const reasonLines: [string, string][] = context.reason ? [['Reason', context.reason]] : [];
  const mail = composeMail(
    member.name,
    [...changeLines(before, after), ...reasonLines, ['Duty', dutyName], ...(stays ? [] : ([['Why', release]] as [string, string][]))],
    {
      subject: stays ? `Duty time changed: ${after.name}` : `Duty released: ${after.name}`,
      paragraphs: [
        stays
          ? `${context.clubName} has changed the time of ${after.name}. You are still on duty as ${dutyName} at the new time; the calendar file with this e-mail updates the entry in your calendar. If you can no longer do it, ask for a swap on your duties page.`
          : `${context.clubName} has changed the time of ${after.name}. You are no longer on duty as ${dutyName}, as you no longer fit it at the new time: ${release}. Thank you for volunteering.`,
      ],
      link: { lead: 'Your duties:', text: 'My duties', url: context.dutiesUrl },
      clubName: context.clubName,
    },
  );
  const attachments =
    stays && after.eventdatetime
      ? [
          {
            filename: icsFileName(after.name),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: icsText(after, context.location, context.eventUrl),
          },
        ]
      : [];
  return { to: member.email, ...mail, attachments };
}
