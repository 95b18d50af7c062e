import { describe, expect, it } from 'vitest';
import { eventToFormValues } from '../../../../core/events/event-form';
import { eventChangeMessageId } from '../../../../core/events/event-change-notice';
import { UpdateEvent } from '../../../../core/operations/update-event';
import { DecideEvent, GO_PUSH_JOB } from '../../../../core/conditions/decide-event';
import { aSlot, anAssignment } from '../../duties/contract/duty-repository.contract';
import { CancelEvent } from '../../../../core/operations/cancel-event';
import { eventCancelledPushKey } from '../../../../core/push/push-notifications';
import { aBooking, aCardPaidBooking, anAdmin, anEvent } from '../../../support/entities';
import { makeWorld, REGATTA } from '../../../support/unit/world';
import { aDevice } from '../contract/push-storage.contract';
import { DeliverOutbox } from '../../../../core/mail/deliver-outbox';
import { PushBesideMail, withPush } from '../../../../core/push/queue-push';
import { newOutboxMessage } from '../../../../core/mail/outbox';
import { renewalReminderPush } from '../../../../core/push/push-notifications';
import type { OutgoingMail } from '../../../../core/mail/mail';

const NOW = new Date('2026-06-01T09:00:00.000Z');

/** The Summer Regatta (4 July, 10:00–16:00 in London) with a booking by each of these people. */
async function regattaBookedBy(world: ReturnType<typeof makeWorld>, people: { id: string; memberId: string | null }[], sequence?: number) {
  await world.events.create(
    anEvent({
      ...REGATTA,
      eventdatetime: '2026-07-04T09:00:00.000Z',
      eventenddatetime: '2026-07-04T15:00:00.000Z',
      ...(sequence === undefined ? {} : { sequence }),
    }),
  );
  for (const { id, memberId } of people) {
    await world.bookings.addIfPlacesRemain(aBooking({ id, eventId: 'regatta', eventName: 'Summer Regatta', memberId, userEmail: `${id}@example.org` }), {
      capacity: null,
      now: NOW,
    });
  }
}

/** The Summer Regatta today (the world's day, 13:00–17:00 in London), booked by the member Dan. */
async function regattaTodayBookedByDan() {
  const world = makeWorld();
  await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-06-01T12:00:00.000Z', eventenddatetime: '2026-06-01T16:00:00.000Z' }));
  await world.bookings.addIfPlacesRemain(
    aBooking({ id: 'dan', eventId: 'regatta', eventName: 'Summer Regatta', memberId: 'm-dan', userEmail: 'dan@example.org' }),
    { capacity: null, now: NOW },
  );
  return world;
}

/** The regatta cancelled while the push outbox fails, as a process stopping between the writes and their pushes would. */
async function cancelledAsTheProcessStops(world: ReturnType<typeof makeWorld>) {
  const stopped = { ...world, pushOutbox: { addOnce: async () => Promise.reject(new Error('stopped')) } };
  await expect(new CancelEvent(stopped).execute(anAdmin(), 'regatta', { reason: 'Gale warning' })).rejects.toThrow('stopped');
}

/** The push deliveries queued after the mail sender, with its companion, has run twice. */
async function pushesAfterTwoMailRounds(world: ReturnType<typeof makeWorld>) {
  const sender = new DeliverOutbox({
    outbox: world.outbox,
    clock: world.clock,
    mailer: { send: async () => undefined },
    companions: new PushBesideMail(world),
  });
  await sender.execute();
  await sender.execute();
  return world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
}

describe('an event moved or cancelled', () => {
  it('queues one push per device of each booked member that chose it, naming the new time and opening the event; saved again, none more', async () => {
    const world = makeWorld();
    await regattaBookedBy(
      world,
      [
        { id: 'ann', memberId: 'm-ann' },
        { id: 'guest', memberId: null },
      ],
      2,
    );
    await world.pushSubscriptions.save(aDevice({ id: 'ann-phone', memberId: 'm-ann', kinds: ['event-change'] }));
    await world.pushSubscriptions.save(aDevice({ id: 'ann-laptop', memberId: 'm-ann', kinds: ['announcement'] }));
    const form = eventToFormValues((await world.events.get('regatta'))!);
    const saved = await new UpdateEvent(world).execute(anAdmin(), 'regatta', {
      ...form,
      eventdatetime: '2026-07-05T10:00',
      eventenddatetime: '2026-07-05T16:00',
    });
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id)).toEqual([`${eventChangeMessageId('ann', saved.sequence)}.ann-phone`]);
    expect(due[0].delivery.notification).toMatchObject({ kind: 'event-change', title: 'Moved: Summer Regatta', url: '/event-booking?id=regatta' });
    expect(due[0].delivery.notification.text).toContain('5 July 2026');
  });

  it('a cancelled event queues one push per device of each booked member that chose it; cancelling again, none more', async () => {
    const world = makeWorld();
    await regattaBookedBy(world, [
      { id: 'bea', memberId: 'm-bea' },
      { id: 'guest', memberId: null },
    ]);
    await world.pushSubscriptions.save(aDevice({ id: 'bea-phone', memberId: 'm-bea', kinds: ['event-change'] }));
    await world.pushSubscriptions.save(aDevice({ id: 'bea-laptop', memberId: 'm-bea', kinds: ['announcement'] }));
    await new CancelEvent(world).execute(anAdmin(), 'regatta', { reason: 'Gale warning' });
    await new CancelEvent(world).execute(anAdmin(), 'regatta', { reason: 'Gale warning' }).catch(() => undefined);
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id)).toEqual([`${eventCancelledPushKey('bea')}.bea-phone`]);
    expect(due[0].delivery.notification).toMatchObject({ kind: 'event-change', title: 'Cancelled: Summer Regatta', url: '/event-booking?id=regatta' });
  });

  it('a Go decision pushes the booked members and duty holders who chose the go/no-go, once each, with its reason', async () => {
    const world = await regattaTodayBookedByDan();
    await world.duties.addSlots([aSlot({ id: 'slot-1', eventId: 'regatta' })]);
    await world.duties.assign(anAssignment({ slotId: 'slot-1', eventId: 'regatta', memberId: 'm-dan' }));
    await world.duties.assign(anAssignment({ slotId: 'slot-1', eventId: 'regatta', memberId: 'm-eve' }));
    await world.pushSubscriptions.save(aDevice({ id: 'dan-phone', memberId: 'm-dan', kinds: ['go-no-go'] }));
    await world.pushSubscriptions.save(aDevice({ id: 'eve-phone', memberId: 'm-eve', kinds: ['go-no-go'] }));
    await world.pushSubscriptions.save(aDevice({ id: 'eve-tablet', memberId: 'm-eve', kinds: ['event-change'] }));
    const decide = new DecideEvent({ ...world, updateEvent: new UpdateEvent(world), cancelEvent: new CancelEvent(world) });
    await decide.execute(anAdmin(), 'regatta', { decision: 'go', reason: 'Wind 12 knots, launching from the south slip' });
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id.split('.').at(-1)).sort()).toEqual(['dan-phone', 'eve-phone']);
    expect(due[0]!.delivery.notification).toMatchObject({
      kind: 'go-no-go',
      title: 'On today: Summer Regatta',
      text: 'Wind 12 knots, launching from the south slip',
      url: '/event-booking?id=regatta',
    });
  });

  it('a Go whose push was never queued (the process stopped after the decision) has it queued by its job a minute later, once; an unsaved Go, none', async () => {
    const world = await regattaTodayBookedByDan();
    await world.pushSubscriptions.save(aDevice({ id: 'dan-phone', memberId: 'm-dan', kinds: ['go-no-go'] }));
    const deps = { ...world, updateEvent: new UpdateEvent(world), cancelEvent: new CancelEvent(world) };
    // The push outbox fails, as a process stopping between the decision's write and its push would.
    const stopped = new DecideEvent({ ...deps, pushOutbox: { addOnce: async () => Promise.reject(new Error('stopped')) } });
    await expect(stopped.execute(anAdmin(), 'regatta', { decision: 'go', reason: 'Wind 12 knots' })).rejects.toThrow('stopped');
    expect(await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100)).toEqual([]);
    // A Go whose decision was never saved (the conditions store refused it) leaves a job that pushes nothing.
    world.clock.advance(5_000);
    const unsaved = new DecideEvent({
      ...deps,
      conditions: { getEvent: (id: string) => world.conditions.getEvent(id), changeEvent: async () => Promise.reject(new Error('refused')) },
    });
    await expect(unsaved.execute(anAdmin(), 'regatta', { decision: 'go', reason: 'Never recorded' })).rejects.toThrow('refused');

    const decide = new DecideEvent(deps);
    expect(await world.jobs.claimDue(new Date(NOW.getTime() + 59_000), 1, 10)).toEqual([]);
    world.clock.advance(60_000);
    const jobs = await world.jobs.claimDue(world.clock.now(), 60_000, 10);
    expect(jobs.map((claimed) => claimed.job.kind)).toEqual([GO_PUSH_JOB, GO_PUSH_JOB]);
    // Each job runs twice (a claim that lapsed): one push, for the recorded Go only.
    for (const { job } of [...jobs, ...jobs]) await decide.pushRecordedGo(job.payload);
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id.split('.').at(-1))).toEqual(['dan-phone']);
    expect(due[0]!.delivery.notification).toMatchObject({ kind: 'go-no-go', text: 'Wind 12 knots' });
  });

  it('a move whose push was never queued (the process stopped after the write) has it queued by the sender, once, with its e-mail', async () => {
    const world = makeWorld();
    await regattaBookedBy(world, [{ id: 'ann', memberId: 'm-ann' }], 2);
    await world.pushSubscriptions.save(aDevice({ id: 'ann-phone', memberId: 'm-ann', kinds: ['event-change'] }));
    // The push outbox fails once, as a process stopping between the event's write and the push would.
    const stopped = { ...world, pushOutbox: { addOnce: async () => Promise.reject(new Error('stopped')) } };
    const form = eventToFormValues((await world.events.get('regatta'))!);
    await expect(
      new UpdateEvent(stopped).execute(anAdmin(), 'regatta', { ...form, eventdatetime: '2026-07-05T10:00', eventenddatetime: '2026-07-05T16:00' }),
    ).rejects.toThrow('stopped');
    const saved = (await world.events.get('regatta'))!;
    expect(saved.sequence).toBe(3);
    expect(await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100)).toEqual([]);

    const sent: OutgoingMail[] = [];
    const sender = new DeliverOutbox({
      outbox: world.outbox,
      clock: world.clock,
      mailer: { send: async (mail) => void sent.push(mail) },
      companions: new PushBesideMail(world),
    });
    expect(await sender.execute()).toMatchObject({ sent: 1, lost: 0 });
    expect(await sender.execute()).toMatchObject({ sent: 0 });
    expect(sent.map((m) => m.to)).toEqual(['ann@example.org']);
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id)).toEqual([`${eventChangeMessageId('ann', saved.sequence)}.ann-phone`]);
    expect(due[0].delivery.notification).toMatchObject({ kind: 'event-change', title: 'Moved: Summer Regatta' });
  });

  it('a cancellation whose push was never queued has it queued by the sender with the cancellation e-mail', async () => {
    const world = makeWorld();
    await regattaBookedBy(world, [{ id: 'bea', memberId: 'm-bea' }]);
    await world.pushSubscriptions.save(aDevice({ id: 'bea-phone', memberId: 'm-bea', kinds: ['event-change'] }));
    await cancelledAsTheProcessStops(world);
    const due = await pushesAfterTwoMailRounds(world);
    expect(due.map((c) => c.delivery.id)).toEqual([`${eventCancelledPushKey('bea')}.bea-phone`]);
    expect(due[0].delivery.notification).toMatchObject({ kind: 'event-change', title: 'Cancelled: Summer Regatta' });
  });

  it('a card-paid booking cancelled with its event: the e-mail written when its refund settles carries the push, queued once', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, requiresPayment: true, price: 1000, eventdatetime: '2026-07-04T09:00:00.000Z' }));
    await world.bookings.addIfPlacesRemain(
      aCardPaidBooking({ id: 'cas', eventId: 'regatta', eventName: 'Summer Regatta', memberId: 'm-cas', userEmail: 'cas@example.org' }),
      { capacity: null, now: NOW },
    );
    await world.pushSubscriptions.save(aDevice({ id: 'cas-phone', memberId: 'm-cas', kinds: ['event-change'] }));
    await cancelledAsTheProcessStops(world);
    expect((await world.bookings.get('cas'))!.refundStatus).toBe('refunded');
    const due = await pushesAfterTwoMailRounds(world);
    expect(due.map((c) => c.delivery.id)).toEqual([`${eventCancelledPushKey('cas')}.cas-phone`]);
    expect(due[0].delivery.notification).toMatchObject({ kind: 'event-change', title: 'Cancelled: Summer Regatta' });
  });

  it('the sender tries an e-mail again, unsent, when its push cannot be queued, and sends both once it can', async () => {
    const world = makeWorld();
    await world.pushSubscriptions.save(aDevice({ id: 'cal-phone', memberId: 'm-cal', kinds: ['renewal-reminder'] }));
    const message = newOutboxMessage(
      'reminder-1',
      'membership-reminder',
      'm-cal',
      { to: 'cal@example.org', subject: 'Renew', text: 'Renew', html: '<p>Renew</p>', attachments: [] },
      world.clock.now(),
    );
    await world.outbox.add([withPush(message, 'm-cal', 'reminder-1', renewalReminderPush('1 July 2026'))]);
    const sent: OutgoingMail[] = [];
    const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
    let failing = true;
    const companions = new PushBesideMail({
      ...world,
      pushOutbox: { addOnce: async (deliveries) => (failing ? Promise.reject(new Error('storage unavailable')) : world.pushOutbox.addOnce(deliveries)) },
    });
    const sender = new DeliverOutbox({ outbox: world.outbox, clock: world.clock, mailer, companions });
    expect(await sender.execute()).toMatchObject({ sent: 0, retrying: 1 });
    expect(sent).toEqual([]);
    expect(await world.outbox.get('reminder-1')).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'Could not queue its push notification: storage unavailable',
    });

    failing = false;
    world.clock.advance(3_600_000);
    expect(await sender.execute()).toMatchObject({ sent: 1 });
    expect(sent.map((m) => m.to)).toEqual(['cal@example.org']);
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id)).toEqual(['reminder-1.cal-phone']);
  });
});
