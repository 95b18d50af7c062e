import type { Admin } from '../entities/admin';
import { bookingsCsv } from '../domain/bookings-report';
import { requirePermission } from '../domain/permissions';
import type { BookingRepository } from '../ports/booking-repository';
import type { Clock } from '../ports/clock';
import type { EventRepository } from '../ports/event-repository';
import { EVENT_NOT_FOUND } from '../messages';
import type { WaitingList } from '../ports/waiting-list';
import { waitlistCsvSection } from '../domain/waitlist-report';
import { requireFound } from './require-found';
import { UseCase } from './use-case';

export interface ExportEventBookingsDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
  /** The event's waiting list follows its bookings in the file (when anyone is on it). */
  waitingList: WaitingList;
}

/** The CSV download of one event's bookings, named after the event. */
export class ExportEventBookings extends UseCase<ExportEventBookingsDeps> {
  async execute(admin: Admin, eventId: string): Promise<{ fileName: string; csv: string }> {
    requirePermission(admin, 'bookings.read');
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const base = event.name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'event';
    const waiting = waitlistCsvSection(await this.deps.waitingList.listByEvent(event.id));
    return { fileName: `${base}_bookings.csv`, csv: bookingsCsv(await this.deps.bookings.listByEvent(event.id), this.deps.clock.now()) + waiting };
  }
}
