import type { Knex } from 'knex';

// Instants are stored as the ISO text the core gave (so they read back unchanged) plus, where
// the app sorts or compares by them, their epoch milliseconds (ISO text with offsets does not
// sort as text). Booleans are 0/1 integers, lists are JSON text, money is integer minor units.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.text('longdescription').notNullable();
    t.text('eventdatetime').nullable();
    t.bigInteger('eventStartMs').nullable();
    t.text('eventenddatetime').nullable();
    t.text('bookingEndDate').nullable();
    t.integer('allowBooking').notNullable();
    t.integer('isBoatEvent').notNullable();
    t.integer('offerChild').notNullable();
    t.integer('offerSoftDrinks').notNullable();
    t.integer('offerVeg').notNullable();
    t.integer('requiresPayment').notNullable();
    t.integer('price').notNullable();
    t.text('currency').notNullable();
    t.integer('capacity').nullable();
    t.text('createdAt').notNullable();
    t.text('updatedAt').notNullable();
    t.index(['eventStartMs', 'id'], 'events_start');
  });

  // No foreign key to events: the booking keeps its eventName, and deleting an event that has
  // bookings is refused by the use case, as the document-database adapter must do too.
  await knex.schema.createTable('bookings', (t) => {
    t.text('id').primary();
    t.text('eventId').notNullable();
    t.text('eventName').notNullable();
    t.text('firstName').notNullable();
    t.text('lastName').notNullable();
    t.integer('numberAttending').notNullable();
    t.integer('numberOfChildren').notNullable();
    t.integer('numberOfSoftDrinks').notNullable();
    t.integer('numberOfVegetarian').notNullable();
    t.text('boatName').nullable();
    t.text('userEmail').nullable();
    t.text('submittedAt').notNullable();
    t.bigInteger('submittedAtMs').notNullable();
    t.integer('paymentRequired').notNullable();
    t.integer('paid').notNullable();
    t.integer('paymentAmount').nullable();
    t.text('paymentCurrency').nullable();
    t.text('checkoutId').nullable();
    t.text('paymentId').nullable();
    t.text('paymentCompletedAt').nullable();
    t.index(['eventId', 'submittedAtMs'], 'bookings_event');
    t.index(['submittedAtMs'], 'bookings_submitted');
    t.index(['checkoutId'], 'bookings_checkout');
  });

  // emailKey is the lower-cased e-mail: e-mails are unique regardless of case.
  await knex.schema.createTable('admins', (t) => {
    t.text('uid').primary();
    t.text('email').notNullable();
    t.text('emailKey').notNullable().unique({ indexName: 'admins_email' });
    t.text('name').notNullable();
    t.text('role').notNullable();
    t.text('permissions').notNullable();
    t.integer('disabled').notNullable();
    t.text('createdAt').notNullable();
  });

  await knex.schema.createTable('credentials', (t) => {
    t.text('uid').primary();
    t.text('email').notNullable();
    t.text('emailKey').notNullable().unique({ indexName: 'credentials_email' });
    t.text('passwordHash').notNullable();
    t.integer('disabled').notNullable();
  });

  await knex.schema.createTable('sessions', (t) => {
    t.text('tokenHash').primary();
    t.text('uid').notNullable().index('sessions_uid');
    t.text('createdAt').notNullable();
    t.text('expiresAt').notNullable();
    t.bigInteger('expiresAtMs').notNullable().index('sessions_expiry');
  });

  await knex.schema.createTable('login_failures', (t) => {
    t.increments('id');
    t.text('key').notNullable();
    t.bigInteger('atMs').notNullable();
    t.index(['key', 'atMs'], 'login_failures_key');
  });

  await knex.schema.createTable('work_days', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.text('date').nullable();
    t.bigInteger('dateMs').nullable();
    t.integer('foodAvailable').notNullable();
    t.integer('active').notNullable();
    t.text('tools').notNullable();
    t.text('notes').notNullable();
    t.text('jobs').notNullable();
  });

  await knex.schema.createTable('work_day_signups', (t) => {
    t.text('id').primary();
    t.text('workDayId').notNullable().references('id').inTable('work_days');
    t.text('firstName').notNullable();
    t.text('lastName').notNullable();
    t.text('selectedJobs').notNullable();
    t.text('otherJob').notNullable();
    t.text('notes').notNullable();
    t.integer('bringingTools').notNullable();
    t.integer('wantsFood').notNullable();
    t.text('submittedAt').notNullable();
    t.bigInteger('submittedAtMs').notNullable();
    t.index(['workDayId', 'submittedAtMs'], 'work_day_signups_work_day');
  });

  await knex.schema.createTable('documents', (t) => {
    t.text('id').primary();
    t.text('title').notNullable();
    t.text('description').notNullable();
    t.text('category').notNullable();
    t.text('fileName').notNullable();
    t.text('tags').notNullable();
    t.text('fileFileName').notNullable();
    t.text('fileContentType').notNullable();
    t.binary('fileBytes').notNullable();
  });

  await knex.schema.createTable('campaigns', (t) => {
    t.text('id').primary();
    t.text('subject').notNullable();
    t.text('finished_at').nullable();
    t.bigInteger('finishedAtMs').nullable().index('campaigns_finished');
    t.text('preview_url').nullable();
  });

  await knex.schema.createTable('water_levels', (t) => {
    t.text('date').primary();
    t.double('percentFull').notNullable();
  });

  // Never holds a row: a write transaction first updates it to take SQLite's write lock at once
  // (see sqlite-write-transaction.ts).
  await knex.schema.createTable('write_lock', (t) => {
    t.integer('id').primary();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'write_lock',
    'water_levels',
    'campaigns',
    'documents',
    'work_day_signups',
    'work_days',
    'login_failures',
    'sessions',
    'credentials',
    'admins',
    'bookings',
    'events',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
