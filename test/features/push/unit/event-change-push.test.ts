import { describe, expect, it } from 'vitest';
import { eventToFormValues } from '../../../../core/events/event-form';
import { eventChangeMessageId } from '../../../../core/events/event-change-notice';
import { UpdateEvent } from '../../../../core/operations/update-event';
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
});
