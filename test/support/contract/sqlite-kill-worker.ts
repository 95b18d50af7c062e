// Run as its own process by sqlite-storage.test.ts, which kills it (SIGKILL): commits bookings,
// reads them on the read connection, then starts one more write transaction and never ends it.
import { openSqliteDatabase } from '../../../adapters/sqlite/sqlite-database';
import { SqliteBookingRepository } from '../../../adapters/sqlite/sqlite-booking-repository';
import { writeTransaction } from '../../../adapters/sqlite/sqlite-write-transaction';
import type { Booking } from '../../../core/bookings/booking';
import { aBooking } from '../entities';

function oneAttendee(id: string): Booking {
  return aBooking({ id, firstName: 'Killed', lastName: 'Process' });
}

const [file, countText] = process.argv.slice(2);
const db = await openSqliteDatabase(file);
const bookings = new SqliteBookingRepository(db);
for (let i = 0; i < Number(countText); i += 1) {
  await bookings.addIfPlacesRemain(oneAttendee(`kept-${i}`), { capacity: null, now: new Date('2026-06-01T09:00:00.000Z') });
}
await bookings.listByEvent('summer-regatta');
// Alive until killed, halfway through a write.
setInterval(() => undefined, 60_000);
await writeTransaction(db, async (trx) => {
  await trx('bookings').delete();
  process.stdout.write('writing\n');
  await new Promise(() => undefined);
});
