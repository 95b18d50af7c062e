import { describe, expect, it } from 'vitest';
import { EVENT_MOVE_MAIL_JOB, MAIL_WITH_THE_EVENT, UpdateEvent } from '../../../../core/operations/update-event';
import { GetAdminEvent } from '../../../../core/operations/get-admin-event';
import { CancelEvent } from '../../../../core/operations/cancel-event';
import { eventToFormValues } from '../../../../core/events/event-form';
import { EVENT_CHANGE_MAIL_KIND, eventChangeMessageId } from '../../../../core/events/event-change-notice';
import { ConflictError } from '../../../../core/shared/errors';
import type { Booking } from '../../../../core/bookings/booking';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import { aBooking, anAdmin, anEvent } from '../../../support/entities';
import { makeWorld, REGATTA, type World } from '../../../support/unit/world';

const NOW = new Date('2026-06-01T09:00:00.000Z');

async function seeded(): Promise<World> {
  const world = makeWorld();
  await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T15:00:00.000Z', sequence: 2 }));
  const book = (overrides: Partial<Booking>) =>
    world.bookings.addIfPlacesRemain(aBooking({ eventId: 'regatta', eventName: 'Summer Regatta', ...overrides }), { capacity: null, now: NOW });
  await book({ id: 'ann', userEmail: 'ann@example.org' });
  await book({ id: 'bob', userEmail: null });
  await book({ id: 'cat', userEmail: 'cat@example.org', cancelledAt: '2026-05-30T09:00:00.000Z', cancelledBy: 'member' });
  // A hold that lapsed long ago: its places went, nobody is told.
  await book({
    id: 'dan',
    userEmail: 'dan@example.org',
    paymentRequired: true,
    paymentAmount: 1000,
    paymentCurrency: 'GBP',
    submittedAt: '2026-05-01T09:00:00.000Z',
    checkoutOpenedAt: '2026-05-01T09:00:00.000Z',
  });
  return world;
}

const formOf = async (world: World) => eventToFormValues((await world.events.get('regatta'))!);
const changeMail = async (world: World) => (await world.outbox.list()).filter((m) => m.kind === EVENT_CHANGE_MAIL_KIND);

describe('UpdateEvent tells booked members of a move', () => {
  it('the admin screen counts who a move would tell; the move writes one e-mail per live booking with an address, under the revision’s id', async () => {
    const world = await seeded();
    expect((await new GetAdminEvent(world).execute(anAdmin(), 'regatta')).changeNotice).toEqual({ withEmail: 1, withoutEmail: 1, dutyHolders: 0 });

    const saved = await new UpdateEvent(world).execute(anAdmin(), 'regatta', { ...(await formOf(world)), eventenddatetime: '2026-07-04T17:00' });
    const [mail, ...more] = await changeMail(world);
    expect(more).toEqual([]);
    expect(mail.id).toBe(eventChangeMessageId('ann', saved.sequence));
    expect(mail.recordId).toBe('ann');
    expect(mail.mail.text).toContain('Was: Sat 4 July 2026, 10:00 – 16:00 (UK time)');
    expect(mail.mail.text).toContain('Now: Sat 4 July 2026, 10:00 – 17:00 (UK time)');
    expect(mail.mail.attachments).toHaveLength(1);
  });

  it('a save of other fields, or of the same times, tells nobody', async () => {
    const world = await seeded();
    const form = await formOf(world);
    await new UpdateEvent(world).execute(anAdmin(), 'regatta', {
      ...form,
      name: 'Summer Regatta 2026',
      description: 'New words',
      capacity: '30',
      bookingEndDate: '2026-07-01T18:00',
    });
    await new UpdateEvent(world).execute(anAdmin(), 'regatta', await formOf(world));
    expect(await changeMail(world)).toEqual([]);
  });

  it('a save refused as changed meanwhile writes no e-mail', async () => {
    const world = await seeded();
    const form = await formOf(world);
    // Another admin's edit lands between this save's read and its write.
    const events = world.events;
    const racing = {
      ...world,
      events: Object.assign(Object.create(events) as typeof events, {
        update: async (...args: Parameters<typeof events.update>) => {
          const stored = (await events.get('regatta'))!;
          await events.update({ ...stored, sequence: stored.sequence + 1 }, { sequence: stored.sequence });
          return events.update(...args);
        },
      }),
    };
    await expect(
      new UpdateEvent(racing).execute(anAdmin(), 'regatta', { ...form, eventdatetime: '2026-07-05T10:00', eventenddatetime: '2026-07-05T16:00' }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await changeMail(world)).toEqual([]);
  });

  it('a booking made while the event was being saved is told once, after the write', async () => {
    const world = await seeded();
    const bookings = world.bookings;
    let reads = 0;
    const lateBooking: Pick<BookingRepository, 'listByEvent'> = {
      listByEvent: async (eventId) => {
        reads += 1;
        // The second read (after the write) finds a booking made meanwhile.
        if (reads === 2)
          await bookings.addIfPlacesRemain(aBooking({ id: 'eve', eventId: 'regatta', userEmail: 'eve@example.org' }), { capacity: null, now: NOW });
        return bookings.listByEvent(eventId);
      },
    };
    const deps = { ...world, bookings: Object.assign(Object.create(bookings) as typeof bookings, lateBooking) };
    const saved = await new UpdateEvent(deps).execute(anAdmin(), 'regatta', {
      ...(await formOf(world)),
      eventdatetime: '2026-07-05T10:00',
      eventenddatetime: '2026-07-05T16:00',
    });
    expect((await changeMail(world)).map((m) => m.id).sort()).toEqual([
      eventChangeMessageId('ann', saved.sequence),
      eventChangeMessageId('eve', saved.sequence),
    ]);
  });

  it('a cancelled event is not told of (its bookings were cancelled and told)', async () => {
    const world = await seeded();
    await new CancelEvent(world).execute(anAdmin(), 'regatta', { reason: 'Gale warning' });
    const form = await formOf(world);
    await new UpdateEvent(world).execute(anAdmin(), 'regatta', { ...form, eventdatetime: '2026-07-05T10:00', eventenddatetime: '2026-07-05T16:00' });
    expect(await changeMail(world)).toEqual([]);
  });

  it('an event with more bookings than one write holds tells every one of them, once', async () => {
    const world = await seeded();
    const extra = MAIL_WITH_THE_EVENT + 2;
    for (let i = 0; i < extra; i += 1) {
      await world.bookings.addIfPlacesRemain(aBooking({ id: `crew-${String(i).padStart(3, '0')}`, eventId: 'regatta', userEmail: `crew-${i}@example.org` }), {
        capacity: null,
        now: NOW,
      });
    }
    const saved = await new UpdateEvent(world).execute(anAdmin(), 'regatta', {
      ...(await formOf(world)),
      eventdatetime: '2026-07-05T10:00',
      eventenddatetime: '2026-07-05T16:00',
    });
    const ids = (await world.outbox.list({ limit: 10_000 })).filter((m) => m.kind === EVENT_CHANGE_MAIL_KIND).map((m) => m.id);
    expect(ids).toHaveLength(extra + 1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(eventChangeMessageId('crew-401', saved.sequence));
  });

  it('a move whose server stopped after the event was written tells the rest by its job a minute later, once each; an unsaved move, nobody', async () => {
    const world = await seeded();
    for (let i = 0; i < MAIL_WITH_THE_EVENT + 2; i += 1) {
      await world.bookings.addIfPlacesRemain(aBooking({ id: `crew-${String(i).padStart(3, '0')}`, eventId: 'regatta', userEmail: `crew-${i}@example.org` }), {
        capacity: null,
        now: NOW,
      });
    }
    // The outbox refuses the e-mails after the event's write, as a server stopping there would.
    const stopped = { ...world, outbox: { addOnce: async () => Promise.reject(new Error('stopped')) } };
    const form = await formOf(world);
    await expect(
      new UpdateEvent(stopped).execute(anAdmin(), 'regatta', { ...form, eventdatetime: '2026-07-05T10:00', eventenddatetime: '2026-07-05T16:00' }),
    ).rejects.toThrow('stopped');
    const saved = (await world.events.get('regatta'))!;
    const changeMailIds = async () => (await world.outbox.list({ limit: 10_000 })).filter((m) => m.kind === EVENT_CHANGE_MAIL_KIND).map((m) => m.id);
    expect(await changeMailIds()).toHaveLength(MAIL_WITH_THE_EVENT);
    // A second move refused (another admin saved meanwhile) leaves a job that tells no one.
    const stale = Object.assign(Object.create(world.events) as World['events'], { get: async () => ({ ...saved, sequence: saved.sequence - 1 }) });
    await expect(
      new UpdateEvent({ ...world, events: stale }).execute(anAdmin(), 'regatta', {
        ...form,
        eventdatetime: '2026-07-06T10:00',
        eventenddatetime: '2026-07-06T16:00',
      }),
    ).rejects.toThrow(ConflictError);

    // A booking made after the move was confirmed with the new time: nothing to tell it.
    world.clock.advance(30_000);
    await world.bookings.addIfPlacesRemain(
      aBooking({ id: 'sam', eventId: 'regatta', userEmail: 'sam@example.org', submittedAt: world.clock.now().toISOString() }),
      { capacity: null, now: world.clock.now() },
    );
    expect(await world.jobs.claimDue(new Date(NOW.getTime() + 59_000), 1, 10)).toEqual([]);
    world.clock.advance(30_000);
    const jobs = await world.jobs.claimDue(world.clock.now(), 60_000, 10);
    expect(jobs.map((claimed) => claimed.job.kind)).toEqual([EVENT_MOVE_MAIL_JOB, EVENT_MOVE_MAIL_JOB]);
    // Each job runs twice (a claim that lapsed): every live booking told of the saved move, once.
    for (const { job } of [...jobs, ...jobs]) await new UpdateEvent(world).tellMoveToTheRest(job.payload);
    const ids = await changeMailIds();
    expect(ids).toHaveLength(MAIL_WITH_THE_EVENT + 3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(eventChangeMessageId('sam', saved.sequence));
    expect(ids.every((id) => id.endsWith(`-${saved.sequence}`))).toBe(true);
    const late = (await world.outbox.get(eventChangeMessageId('crew-401', saved.sequence)))!;
    expect(late.mail.text).toContain('Was: Sat 4 July 2026, 10:00 – 16:00 (UK time)');
    expect(late.mail.text).toContain('Now: Sun 5 July 2026, 10:00 – 16:00 (UK time)');
  });
});
