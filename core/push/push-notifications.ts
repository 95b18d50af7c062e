import { eventBookingPath, PATHS } from '../shared/paths';
import type { PushNotification } from './push';

// Each notification says what happened to the member's own business in a title, a short text and
// the page to open (docs/notifications.md, "What a payload may carry"). Builders take only the
// facts they may show: an event's title and date, a duty's name, the member's renewal date. None
// takes a person, so no other member's name, e-mail or phone can reach a device.

/** Cut to fit the field, with an ellipsis when cut. */
function fit(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function notification(kind: PushNotification['kind'], title: string, text: string, url: string): PushNotification {
  return { kind, title: fit(title, 80) || 'Kestrel Yacht Club', text: fit(text, 200), url };
}

/** News of an event the member booked (an announcement): its subject, opening the event. */
export function announcementPush(event: { id: string; title: string }, subject: string): PushNotification {
  return notification('announcement', event.title, subject, eventBookingPath(event.id));
}

/** A waiting-list place is the member's to book until the deadline, opening the offer's booking page. */
export function waitingListOfferPush(event: { title: string }, deadlineText: string, offerPath: string): PushNotification {
  return notification('waiting-list-offer', `A place is free: ${event.title}`, `It is held for you until ${deadlineText}.`, offerPath);
}

/** A duty swap asked of the member (never saying by whom: the duties page shows it signed in). */
export function dutySwapAskedPush(duty: { name: string; dateText: string }): PushNotification {
  return notification('duty-swap', 'A duty swap is asked of you', `${duty.name} on ${duty.dateText}: answer on your duties page.`, PATHS.duties);
}

/** A duty the member could cover, opening the duties page. */
export function dutyCoverPush(duty: { name: string; eventTitle: string; dateText: string }): PushNotification {
  return notification('duty-swap', 'Cover needed', `${duty.name} at ${duty.eventTitle} on ${duty.dateText}: could you take it?`, PATHS.duties);
}

/** The member's event postponed (its new date) or cancelled, opening the event. */
export function eventChangePush(event: { id: string; title: string }, change: { cancelled: true } | { cancelled: false; whenText: string }): PushNotification {
  return change.cancelled
    ? notification('event-change', `Cancelled: ${event.title}`, 'The event is cancelled. Your booking page says what happens next.', eventBookingPath(event.id))
    : notification('event-change', `Moved: ${event.title}`, `The event is now on ${change.whenText}.`, eventBookingPath(event.id));
}

/** The key of the push of a booking cancelled with its event: one per booking, whatever re-runs. */
export const eventCancelledPushKey = (bookingId: string) => `event-cancelled-${bookingId}`;

/** The go/no-go of the member's event on the day, opening the event. */
export function goNoGoPush(event: { id: string; title: string }, decision: 'go' | 'no-go', reason: string): PushNotification {
  const title = decision === 'go' ? `On today: ${event.title}` : `Off today: ${event.title}`;
  return notification('go-no-go', title, reason, eventBookingPath(event.id));
}

/** The member's renewal is due, opening the renewal page. */
export function renewalReminderPush(renewalDateText: string): PushNotification {
  return notification('renewal-reminder', 'Time to renew your membership', `Your membership runs until ${renewalDateText}.`, PATHS.renew);
}
