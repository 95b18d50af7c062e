// Run as its own process by sqlite-storage.test.ts: books places in a shared database file from one
// moment (all started together), so that two processes race for the same places.
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { SqliteBookingRepository } from '../../../adapters/sqlite/sqlite-booking-repository';
import type { Booking } from '../../../core/bookings/booking';
import { aBooking } from '../entities';
import { readyThenWaitForGo } from '../start-together';

function oneAttendee(id: string): Booking {
  return aBooking({ id, firstName: 'Racing', lastName: 'Process' });
}

const [file, countText, prefix, capacityText] = process.argv.slice(2);
const db = await openSqliteDatabase(file);
const bookings = new SqliteBookingRepository(db);
await readyThenWaitForGo();
const results = await Promise.all(
  Array.from({ length: Number(countText) }, (_, i) =>
    bookings.addIfPlacesRemain(oneAttendee(`${prefix}-${i}`), { capacity: Number(capacityText), now: new Date('2026-06-01T09:00:00.000Z') }),
  ),
);
await db.destroy();
process.stdout.write(JSON.stringify({ added: results.filter((r) => r.added).length }));
