import { describe, expect, it } from 'vitest';
import { eventToFormValues } from '../../../../core/events/event-form';
import { eventChangeMessageId } from '../../../../core/events/event-change-notice';
import { UpdateEvent } from '../../../../core/operations/update-event';
import { DecideEvent } from '../../../../core/conditions/decide-event';
import { aSlot, anAssignment } from '../../duties/contract/duty-repository.contract';
import { CancelEvent, eventCancelledPushKey } from '../../../../core/operations/cancel-event';
import { aBooking, anAdmin, anEvent } from '../../../support/entities';
import { makeWorld, REGATTA } from '../../../support/unit/world';
import { aDevice } from '../contract/push-storage.contract';

const NOW = new Date('2026-06-01T09:00:00.000Z');

describe('an event moved or cancelled', () => {
  it('queues one push per device of each booked member that chose it, naming the new time and opening the event; saved again, none more', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T15:00:00.000Z', sequence: 2 }));
    await world.bookings.addIfPlacesRemain(
      aBooking({ id: 'ann', eventId: 'regatta', eventName: 'Summer Regatta', memberId: 'm-ann', userEmail: 'ann@example.org' }),
      { capacity: null, now: NOW },
    );
    await world.bookings.addIfPlacesRemain(
      aBooking({ id: 'guest', eventId: 'regatta', eventName: 'Summer Regatta', memberId: null, userEmail: 'g@example.org' }),
      { capacity: null, now: NOW },
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
    await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T15:00:00.000Z' }));
    await world.bookings.addIfPlacesRemain(
      aBooking({ id: 'bea', eventId: 'regatta', eventName: 'Summer Regatta', memberId: 'm-bea', userEmail: 'bea@example.org' }),
      { capacity: null, now: NOW },
    );
    await world.bookings.addIfPlacesRemain(
      aBooking({ id: 'guest', eventId: 'regatta', eventName: 'Summer Regatta', memberId: null, userEmail: 'g@example.org' }),
      { capacity: null, now: NOW },
    );
    await world.pushSubscriptions.save(aDevice({ id: 'bea-phone', memberId: 'm-bea', kinds: ['event-change'] }));
    await world.pushSubscriptions.save(aDevice({ id: 'bea-laptop', memberId: 'm-bea', kinds: ['announcement'] }));
    await new CancelEvent(world).execute(anAdmin(), 'regatta', { reason: 'Gale warning' });
    await new CancelEvent(world).execute(anAdmin(), 'regatta', { reason: 'Gale warning' }).catch(() => undefined);
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id)).toEqual([`${eventCancelledPushKey('bea')}.bea-phone`]);
    expect(due[0].delivery.notification).toMatchObject({ kind: 'event-change', title: 'Cancelled: Summer Regatta', url: '/event-booking?id=regatta' });
  });

  it('a Go decision pushes the booked members and duty holders who chose the go/no-go, once each, with its reason', async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, eventdatetime: '2026-06-01T12:00:00.000Z', eventenddatetime: '2026-06-01T16:00:00.000Z' }));
    await world.bookings.addIfPlacesRemain(
      aBooking({ id: 'dan', eventId: 'regatta', eventName: 'Summer Regatta', memberId: 'm-dan', userEmail: 'dan@example.org' }),
      { capacity: null, now: NOW },
    );
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
});
