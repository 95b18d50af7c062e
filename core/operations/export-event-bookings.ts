import type { Admin } from '../admins/admin';
import { bookingsCsv } from './bookings-csv';
import { permittedRecord } from '../admins/admin-record';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import type { WaitingList } from '../waiting-list/waiting-list.port';
import { waitingListCsvSection } from '../waiting-list/waiting-list-report';
import { UseCase } from '../shared/use-case';
import type { AttendanceStore } from '../check-in/attendance-store.port';
import { walkInsCsvSection } from '../check-in/walk-ins-report';

export interface ExportEventBookingsDeps {
  events: EventRepository;
  bookings: BookingRepository;
  clock: Clock;
  /** The event's waiting list follows its bookings in the file (when anyone is on it). */
  waitingList: WaitingList;
  /** Each booking's check-in, in the Arrived columns; the officer's walk-ins, a table of their own. */
  attendance: Pick<AttendanceStore, 'getMany' | 'listWalkIns'>;
}

/** The CSV download of one event's bookings, named after the event. */
export class ExportEventBookings extends UseCase<ExportEventBookingsDeps> {
  async execute(admin: Admin, eventId: string): Promise<{ fileName: string; csv: string }> {
    const event = await permittedRecord(admin, 'bookings.read', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const base =
      event.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'event';
    const waiting = waitingListCsvSection(await this.deps.waitingList.listByEvent(event.id));
    const bookings = await this.deps.bookings.listByEvent(event.id);
    const attendance = await this.deps.attendance.getMany(bookings.map((b) => b.id));
    const walkIns = walkInsCsvSection(await this.deps.attendance.listWalkIns([event.id]));
    return { fileName: `${base}_bookings.csv`, csv: bookingsCsv(bookings, this.deps.clock.now(), attendance) + walkIns + waiting };
  }
}
