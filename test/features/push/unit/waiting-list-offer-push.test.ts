import { describe, expect, it } from 'vitest';
import { OfferFreedPlaces } from '../../../../core/waiting-list/offer-freed-places';
import { anEvent } from '../../../support/entities';
import { makeWorld, REGATTA } from '../../../support/unit/world';
import { aDevice } from '../contract/push-storage.contract';
import { anEntry } from '../../waiting-list/contract/waiting-list.contract';

describe('a waiting-list offer', () => {
  it("pushes the offer to the member's devices that chose it, opening their own offer link; an entry without a member, e-mail only", async () => {
    const world = makeWorld();
    await world.events.create(anEvent({ ...REGATTA, capacity: 10, eventdatetime: '2026-07-04T09:00:00.000Z', eventenddatetime: '2026-07-04T15:00:00.000Z' }));
    await world.waitingList.join(anEntry('e-cat', { eventId: 'regatta', memberId: 'm-cat', email: 'cat@example.org', places: 2 }), []);
    await world.waitingList.join(
      anEntry('e-guest', { eventId: 'regatta', memberId: null, email: 'guest@example.org', places: 1, joinedAt: '2026-05-02T00:00:00.000Z' }),
      [],
    );
    await world.pushSubscriptions.save(aDevice({ id: 'cat-phone', memberId: 'm-cat', kinds: ['waiting-list-offer'] }));
    await world.pushSubscriptions.save(aDevice({ id: 'cat-laptop', memberId: 'm-cat', kinds: ['announcement'] }));

    const round = await new OfferFreedPlaces({ ...world, waitingListOfferHours: 24 }).execute();
    expect(round.offered.sort()).toEqual(['e-cat', 'e-guest']);
    const due = await world.pushOutbox.claimDue(new Date('2100-01-01T00:00:00.000Z'), 1, 100);
    expect(due.map((c) => c.delivery.id)).toEqual([expect.stringMatching(/\.cat-phone$/)]);
    const { notification } = due[0]!.delivery;
    expect(notification).toMatchObject({ kind: 'waiting-list-offer', title: 'A place is free: Summer Regatta' });
    expect(notification.url).toMatch(/^\/event-booking\?id=regatta&offer=/);
    expect(notification.text).toContain('2 June 2026');
    // The push goes with the offer's e-mail: one outbox message per offer, the push under the same id.
    const mails = (await world.outbox.list()).filter((m) => m.kind === 'waitlist-offer');
    expect(due[0]!.delivery.id).toBe(`${mails.find((m) => m.recordId === 'e-cat')!.id}.cat-phone`);
  });
});
