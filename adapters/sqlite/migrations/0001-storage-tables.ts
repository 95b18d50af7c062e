import { tablesMigration } from '../sqlite-schema';

// Instants are stored as the ISO text the core gave (so they read back unchanged) plus, where
// the app sorts or compares by them, their epoch milliseconds (ISO text with offsets does not
// sort as text). Booleans are 0/1 integers, lists are JSON text, money is integer minor units.
export const { up, down } = tablesMigration({
  events: {
    columns:
      'id text primary, name text, description text, longdescription text, eventdatetime text null, eventStartMs bigInteger null, eventenddatetime text null, bookingEndDate text null, ' +
      'allowBooking integer, isBoatEvent integer, offerChild integer, offerSoftDrinks integer, offerVeg integer, requiresPayment integer, price integer, currency text, capacity integer null, createdAt text, updatedAt text',
    more: (t) => t.index(['eventStartMs', 'id'], 'events_start'),
  },
  // No foreign key to events: the booking keeps its eventName, and deleting an event that has
  // bookings is refused by the use case, as the document-database adapter must do too.
  bookings: {
    columns:
      'id text primary, eventId text, eventName text, firstName text, lastName text, numberAttending integer, numberOfChildren integer, numberOfSoftDrinks integer, numberOfVegetarian integer, boatName text null, userEmail text null, ' +
      'submittedAt text, submittedAtMs bigInteger, paymentRequired integer, paid integer, paymentAmount integer null, paymentCurrency text null, checkoutId text null, paymentId text null, paymentCompletedAt text null',
    more: (t) => {
      t.index(['eventId', 'submittedAtMs'], 'bookings_event');
      t.index(['submittedAtMs'], 'bookings_submitted');
      t.index(['checkoutId'], 'bookings_checkout');
    },
  },
  // emailKey is the lower-cased e-mail: e-mails are unique regardless of case.
  admins: 'uid text primary, email text, emailKey text unique:admins_email, name text, role text, permissions text, disabled integer, createdAt text',
  credentials: 'uid text primary, email text, emailKey text unique:credentials_email, passwordHash text, disabled integer',
  sessions: 'tokenHash text primary, uid text index:sessions_uid, createdAt text, expiresAt text, expiresAtMs bigInteger index:sessions_expiry',
  login_failures: { columns: 'id increments, key text, atMs bigInteger', more: (t) => t.index(['key', 'atMs'], 'login_failures_key') },
  work_days:
    'id text primary, name text, description text, date text null, dateMs bigInteger null, foodAvailable integer, active integer, tools text, notes text, jobs text',
  work_day_signups: {
    columns:
      'id text primary, workDayId text references:work_days.id, firstName text, lastName text, selectedJobs text, otherJob text, notes text, bringingTools integer, wantsFood integer, submittedAt text, submittedAtMs bigInteger',
    more: (t) => t.index(['workDayId', 'submittedAtMs'], 'work_day_signups_work_day'),
  },
  documents:
    'id text primary, title text, description text, category text, fileName text, tags text, fileFileName text, fileContentType text, fileBytes binary',
  campaigns: 'id text primary, subject text, finished_at text null, finishedAtMs bigInteger null index:campaigns_finished, preview_url text null',
  water_levels: 'date text primary, percentFull double',
  // Never holds a row: a write transaction first updates it to take SQLite's write lock at once
  // (see sqlite-write-transaction.ts).
  write_lock: 'id integer primary',
});
