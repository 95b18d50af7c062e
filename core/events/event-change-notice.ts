import type { ClubEvent } from './event';
import { formTimeFor, type EventFormValues } from './event-form';
import { formatDateRange } from '../shared/date-text';
import { parseInstant } from '../shared/london-time';
import { isEventCancelled, isEventOver } from './event-time';

/**
 * Telling booked members that their event moved. The fields that count are the ones
 * that say when and where the member has to be: the start and the end. The place of every event is
 * the club's name from configuration (docs/product.md), not a field of the event, so no edit of
 * an event moves it; a change of name, words, booking options, price or deadline tells nobody.
 */
export const NOTICED_FIELDS = ['eventdatetime', 'eventenddatetime'] as const;
export type NoticedField = (typeof NOTICED_FIELDS)[number];
type Timed = Pick<ClubEvent, NoticedField>;

/** The outbox kind of the e-mail that tells a member of the change. */
export const EVENT_CHANGE_MAIL_KIND = 'event-change';

/** Whether two stored instants (or none) are the same moment: the same time written otherwise is no change. */
function sameInstant(a: string | null, b: string | null): boolean {
  return (parseInstant(a)?.getTime() ?? null) === (parseInstant(b)?.getTime() ?? null);
}

/** Whether the event's start or end differ between the two versions (as moments, not as text). */
export function timeOrPlaceChanged(before: Timed, after: Timed): boolean {
  return NOTICED_FIELDS.some((field) => !sameInstant(before[field], after[field]));
}

/**
 * Whether saving `after` over `before` at `now` is to be told to the event's booked members: its
 * start or end moved, the event stands (a cancelled one has no booking left to tell), and it is not
 * a correction of an event over both before and after the change (nobody is still to come).
 */
export function changeNeedsTelling(before: Timed & Pick<ClubEvent, 'cancelledAt'>, after: Timed & Pick<ClubEvent, 'cancelledAt'>, now: Date): boolean {
  if (!timeOrPlaceChanged(before, after)) return false;
  if (isEventCancelled(before) || isEventCancelled(after)) return false;
  return !(isEventOver(before, now) && isEventOver(after, now));
}

/** What the admin's edit form says before a save that moves the event: who is e-mailed, who cannot be. */
export interface ChangeNoticeCount {
  /** Live bookings with an e-mail address: each gets the e-mail. */
  withEmail: number;
  /** Live bookings without one: nobody can tell them. */
  withoutEmail: number;
  /** The event's duty holders on the member list: each gets the duty e-mail (the new time, or released). */
  dutyHolders: number;
}

/** Who a move of the event e-mailed, as the admin is told after saving. */
export interface ChangeNoticeTold {
  /** Booked members e-mailed the new time. */
  members: number;
  /** Duty holders e-mailed (the duty at the new time, or released). */
  dutyHolders: number;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 booked members and 2 duty holders": who is (or was) e-mailed, or null for nobody. */
function whoText(members: number, dutyHolders: number): string | null {
  const parts = [
    ...(members > 0 ? [counted(members, 'booked member', 'booked members')] : []),
    ...(dutyHolders > 0 ? [counted(dutyHolders, 'duty holder', 'duty holders')] : []),
  ];
  return parts.length === 0 ? null : parts.join(' and ');
}

/**
 * What the admin is told once a save has moved the event: how many people were e-mailed (null
 * when the save moved nothing or told nobody).
 */
export function changeNoticeDone(told: ChangeNoticeTold): string | null {
  const who = whoText(told.members, told.dutyHolders);
  return who === null ? null : `E-mailed ${who} about the new time.`;
}

/**
 * The outbox id of a booking's e-mail about the event's revision `sequence`: one per booking per
 * change, however often it is written (Outbox.addOnce leaves an existing one alone).
 */
export function eventChangeMessageId(bookingId: string, sequence: number): string {
  return `event-change-${bookingId}-${sequence}`;
}

/** The form's date-time text as the instant the server will store, or null (empty or not a date). */

/**
 * Whether the edit form's values move the stored event (the same rule the server applies on save,
 * read from the form's London wall-clock text). A value that is not a date yet counts as no
 * change: the form refuses it anyway.
 */
export function formMovesEvent(stored: Timed & Pick<ClubEvent, 'cancelledAt'>, values: Pick<EventFormValues, NoticedField>, now: Date): boolean {
  const start = formTimeFor(values.eventdatetime, stored.eventdatetime);
  const end = formTimeFor(values.eventenddatetime, stored.eventenddatetime);
  if ((values.eventdatetime.trim() !== '' && start === null) || (values.eventenddatetime.trim() !== '' && end === null)) return false;
  return changeNeedsTelling(stored, { eventdatetime: start, eventenddatetime: end, cancelledAt: stored.cancelledAt }, now);
}

/**
 * What the admin's form (or the postponement's dialog) says before saving such a change, or null
 * when it says nothing (no move, or nobody booked or on duty).
 */
export function changeNoticeWarning(count: ChangeNoticeCount, action: 'Saving' | 'Postponing' = 'Saving'): string | null {
  const { withEmail, withoutEmail, dutyHolders } = count;
  if (withEmail === 0 && withoutEmail === 0 && dutyHolders === 0) return null;
  if (withEmail === 0 && withoutEmail > 0) {
    const none = `${withoutEmail === 1 ? 'The one booking has' : `All ${withoutEmail} bookings have`} no e-mail address`;
    return dutyHolders === 0
      ? `${none}: nobody will be e-mailed about the new time.`
      : `${none}: no booked member will be e-mailed. ${action} will e-mail ${counted(dutyHolders, 'duty holder', 'duty holders')} about the new time.`;
  }
  const told = `${action} will e-mail ${whoText(withEmail, dutyHolders)} about the new time.`;
  if (withoutEmail === 0) return told;
  const untold =
    withoutEmail === 1 ? '1 booking has no e-mail address and will not be told.' : `${withoutEmail} bookings have no e-mail address and will not be told.`;
  return `${told} ${untold}`;
}

/** The lines "Was" and "Now" of the e-mail: when the event was and is, in UK time. */
export function changeLines(before: Timed, after: Timed): [string, string][] {
  return [
    ['Was', `${formatDateRange(before.eventdatetime, before.eventenddatetime, 'member')} (UK time)`],
    ['Now', `${formatDateRange(after.eventdatetime, after.eventenddatetime, 'member')} (UK time)`],
  ];
}
