import { bookingClosedReason } from '../events/event-time';
import { offerHoldId } from '../bookings/places-ledger';
import { expiredEntry, nextToOffer, offeredEntry } from './waiting-list';
import { waitingListOfferMail } from './waiting-list-mail';
import { newOutboxMessage } from '../mail/outbox';
import type { ClubEvent } from '../events/event';
import type { WaitingListEntry } from './waiting-list-entry';
import { offerBookingPath } from '../shared/paths';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { WaitingList } from './waiting-list.port';
import type { AuditLog } from '../audit/audit-log.port';
import { UseCase } from '../shared/use-case';
import { formatMoment } from '../shared/date-text';
import { waitingListOfferPush } from '../push/push-notifications';
import { queuePush, withPush, type QueuePushDeps } from '../push/queue-push';

export interface OfferFreedPlacesDeps {
  events: EventRepository;
  bookings: BookingRepository;
  waitingList: WaitingList;
  offerLinks: BookingLinks;
  clock: Clock;
  ids: IdGenerator;
  siteSettings: { clubName: string; publicBaseUrl: string };
  audit: AuditLog;
  /** WAITLIST_OFFER_HOURS: how long an offer holds its places. */
  waitingListOfferHours: number;
  /** Members' push devices and the push outbox: a member in line hears of the offer on their devices too (docs/notifications.md). */
  pushSubscriptions: QueuePushDeps['pushSubscriptions'];
  pushOutbox: QueuePushDeps['pushOutbox'];
}

/** What one round did: offers made and offers that ran out, by entry id. */
export interface OfferRound {
  offered: string[];
  expired: string[];
}

/**
 * The waiting lists' round (a repeating job, run by one server instance every
 * WAITLIST_ROUND_MS): for each event with people in line, offers that ran out are marked expired
 * (their holds have lapsed already), then places free now (a cancellation, an unpaid hold that
 * lapsed, a higher capacity, an expired offer) are offered to the first in line whose wanted
 * places fit, again and again while places remain. Each offer first holds its places in the
 * event's ledger (refused if a booking took them meanwhile), then marks the entry offered with
 * its e-mail. Idempotent: a round run twice finds nothing left to do.
 */
export class OfferFreedPlaces extends UseCase<OfferFreedPlacesDeps> {
  async execute(): Promise<OfferRound> {
    const round: OfferRound = { offered: [], expired: [] };
    const byEvent = new Map<string, WaitingListEntry[]>();
    for (const entry of await this.deps.waitingList.listInLine()) byEvent.set(entry.eventId, [...(byEvent.get(entry.eventId) ?? []), entry]);
    for (const [eventId, entries] of byEvent) {
      const event = await this.deps.events.get(eventId);
      await this.expireOffers(entries, round);
      if (event) await this.offerPlaces(event, round);
    }
    return round;
  }

  private async expireOffers(entries: WaitingListEntry[], round: OfferRound): Promise<void> {
    const now = this.deps.clock.now();
    for (const entry of entries) {
      if (!expiredEntry(entry, now)) continue;
      const result = await this.deps.waitingList.change(entry.id, (current) => {
        const next = expiredEntry(current, now);
        return next ? { entry: next } : null;
      });
      if (result?.changed) {
        round.expired.push(entry.id);
        await this.deps.bookings.releaseHold(entry.eventId, offerHoldId(entry.id), now);
      }
    }
  }

  /** Offers the event's free places, first in line first, while someone's wanted places fit. */
  async offerPlaces(event: ClubEvent, round: OfferRound): Promise<void> {
    const now = this.deps.clock.now();
    if (event.capacity === null || bookingClosedReason(event, now) !== null) return;
    const skipped = new Set<string>();
    for (;;) {
      const taken = (await this.deps.bookings.placesTakenByEvent([event.id], now)).get(event.id) ?? 0;
      const free = Math.max(0, event.capacity - taken);
      const entries = (await this.deps.waitingList.listByEvent(event.id)).filter((e) => !skipped.has(e.id));
      const next = nextToOffer(entries, free);
      if (!next) return;
      if (!(await this.offer(event, next))) return;
      skipped.add(next.id);
      round.offered.push(next.id);
    }
  }

  /**
   * Offers this member their places: holds them, then marks the entry offered with the e-mail.
   * False when the places are not free (a booking took them); an entry no longer waiting gets
   * its hold back out.
   */
  async offer(event: ClubEvent, entry: WaitingListEntry): Promise<boolean> {
    const now = this.deps.clock.now();
    if (event.capacity === null) return false;
    const until = new Date(now.getTime() + this.deps.waitingListOfferHours * 3_600_000);
    const holdId = offerHoldId(entry.id);
    const held = await this.deps.bookings.holdForOffer(
      event.id,
      { bookingId: holdId, places: entry.places, untilMs: until.getTime() },
      { capacity: event.capacity, eventSequence: event.sequence, now },
    );
    if (!held) return false;
    const token = this.deps.offerLinks.issue(entry.id, until);
    const bookUrl = `${this.deps.siteSettings.publicBaseUrl}${offerBookingPath(event.id, token)}`;
    const mailId = this.deps.ids.next();
    const push = waitingListOfferPush({ title: event.name }, formatMoment(until.toISOString(), 'member'), offerBookingPath(event.id, token));
    const result = await this.deps.waitingList.change(entry.id, (current) => {
      const next = offeredEntry(current, now, until);
      if (!next) return null;
      const mail = waitingListOfferMail(next, event, { clubName: this.deps.siteSettings.clubName, bookUrl, offeredUntil: until.toISOString() });
      const message = newOutboxMessage(mailId, 'waitlist-offer', entry.id, mail, now);
      // The push goes with the e-mail, written with the offer (queued by the sender should this stop before the push below).
      return { entry: next, mail: [next.memberId === null ? message : withPush(message, next.memberId, mailId, push)] };
    });
    if (!result?.changed) {
      await this.deps.bookings.releaseHold(event.id, holdId, now);
      return false;
    }
    // After the offer's write, under its e-mail's id: the member's own offer link, nobody else's data.
    if (entry.memberId !== null) await queuePush(this.deps, entry.memberId, mailId, push);
    return true;
  }
}
