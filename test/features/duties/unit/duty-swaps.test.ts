import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DUTY_MESSAGES, ineligibility, windowsOverlap } from '../../../../core/duties/duties';
import { type DutyAssignment, type DutyWindow } from '../../../../core/duty-rosters/duty-roster';
import {
  SWAP_MESSAGES,
  liveSwapOf,
  swapAcceptRefusal,
  swapStillHeld,
  swapRecipients,
  swapRequestMailId,
  swapWindowNow,
} from '../../../../core/duties/duty-swaps';
import { coverOffers } from '../../../../core/duties/duty-cover';
import { addDaysToDate } from '../../../../core/shared/london-time';

const hour = 3_600_000;
const base = Date.parse('2026-06-06T00:00:00.000Z');
const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 48 }))
  .map(([start, length]): DutyWindow => ({ start: new Date(base + start * hour).toISOString(), end: new Date(base + (start + length) * hour).toISOString() }));
const day = fc.integer({ min: 0, max: 20 }).map((n) => addDaysToDate('2026-06-01', n));
const ids = ['ann', 'bob', 'cat', 'dan', 'eve'];
const candidateArb = (id: string) =>
  fc.record({
    member: fc.record({ id: fc.constant(id), renewalDate: day, disabled: fc.boolean() }),
    held: fc.array(fc.record({ memberId: fc.constant(id), qualificationId: fc.constantFrom('pb2', 'first-aid'), expiresOn: fc.option(day, { nil: null }) }), {
      maxLength: 3,
    }),
    duties: fc.array(fc.record({ slotId: fc.constantFrom('slot', 'other-1', 'other-2'), window: windowArb }), { maxLength: 2 }),
  });
const candidatesArb = fc.tuple(...ids.map(candidateArb));

describe('whom a swap request goes to', () => {
  it('never to the ineligible or the busy, nor the asker or a holder of the duty; to every other member who may take it', () => {
    fc.assert(
      fc.property(candidatesArb, windowArb, fc.subarray(['pb2', 'first-aid']), fc.constantFrom(...ids), (candidates, window, needs, asker) => {
        const swap = { fromMemberId: asker, slotId: 'slot', window };
        const recipients = swapRecipients(swap, { qualificationIds: needs }, candidates);
        for (const c of candidates) {
          const eligible = !c.member.disabled && ineligibility(c.member, { qualificationIds: needs }, c.held, [], window) === null;
          const busy = c.duties.some((d) => windowsOverlap(d.window, window));
          const holds = c.duties.some((d) => d.slotId === 'slot');
          expect(recipients.includes(c), c.member.id).toBe(c.member.id !== asker && eligible && !busy && !holds);
        }
      }),
    );
  });
});

describe('asking again for the same duty', () => {
  const statusArb = fc.constantFrom('open' as const, 'taken' as const, 'withdrawn' as const);
  const swapArb = fc.record({ id: fc.uuid(), slotId: fc.constantFrom('slot', 'other'), status: statusArb });
  it('e-mails each member once per asker and duty, whichever request it is; another duty or asker is another e-mail', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom('slot', 'other'), (from, to, slotId) => {
        expect(swapRequestMailId({ slotId: 'slot', fromMemberId: from }, to)).toBe(swapRequestMailId({ slotId: 'slot', fromMemberId: from }, to));
        expect(swapRequestMailId({ slotId, fromMemberId: from }, to) === swapRequestMailId({ slotId: 'slot', fromMemberId: 'ann' }, 'bob')).toBe(
          slotId === 'slot' && from === 'ann' && to === 'bob',
        );
      }),
    );
  });
  it("a withdrawn request's link stands for the asker's open request for the same duty, if any; any other request for itself", () => {
    fc.assert(
      fc.property(swapArb, fc.array(swapArb, { maxLength: 4 }), (swap, others) => {
        const live = liveSwapOf(swap, others);
        const reopened = others.find((o) => o.slotId === swap.slotId && o.status === 'open');
        expect(live).toBe(swap.status === 'withdrawn' && reopened ? reopened : swap);
      }),
    );
  });
});

describe('accepting a swap', () => {
  const window: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
  const holder = (memberId: string, assignedAt = '2026-05-01T09:00:00.000Z') => ({ memberId, assignedAt }) as DutyAssignment;
  const open = { status: 'open' as const, fromMemberId: 'ann', toMemberId: null, slotId: 'slot', window, createdAt: '2026-05-02T09:00:00.000Z' };

  it('only an open swap, still held by its asker, by someone else (the one named by a transfer), on the slot not yet, free then', () => {
    expect(swapAcceptRefusal(open, { holders: [holder('ann')] }, [], 'bob')).toBeNull();
    expect(swapAcceptRefusal({ ...open, status: 'taken' }, { holders: [holder('ann')] }, [], 'bob')).toBe(SWAP_MESSAGES.taken);
    expect(swapAcceptRefusal({ ...open, status: 'withdrawn' }, { holders: [holder('ann')] }, [], 'bob')).toBe(SWAP_MESSAGES.withdrawn);
    expect(swapAcceptRefusal(open, { holders: [holder('ann')] }, [], 'ann')).toBe(SWAP_MESSAGES.ownSwap);
    expect(swapAcceptRefusal({ ...open, toMemberId: 'cat' }, { holders: [holder('ann')] }, [], 'bob')).toBe(SWAP_MESSAGES.notForYou);
    expect(swapAcceptRefusal({ ...open, toMemberId: 'cat' }, { holders: [holder('ann')] }, [], 'cat')).toBeNull();
    expect(swapAcceptRefusal(open, { holders: [] }, [], 'bob')).toBe(SWAP_MESSAGES.noLongerHeld);
    expect(swapAcceptRefusal(open, { holders: [holder('ann'), holder('bob')] }, [], 'bob')).toBe(DUTY_MESSAGES.alreadyHolding);
    expect(
      swapAcceptRefusal(
        open,
        { holders: [holder('ann')] },
        [{ slotId: 'other', window: { start: '2026-07-04T15:00:00.000Z', end: '2026-07-04T18:00:00.000Z' } }],
        'bob',
      ),
    ).toBe(DUTY_MESSAGES.doubleDuty);
    expect(
      swapAcceptRefusal(
        open,
        { holders: [holder('ann')] },
        [{ slotId: 'other', window: { start: '2026-07-04T16:00:00.000Z', end: '2026-07-04T18:00:00.000Z' } }],
        'bob',
      ),
    ).toBeNull();
  });

  it('a request the asker made before their holding was released (they left, or an event moved) offers nothing once they are given the slot again', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_600_000, max: 3_600_000 }), (offset) => {
        const assignedAt = new Date(Date.parse(open.createdAt) + offset).toISOString();
        const slot = { holders: [holder('ann', assignedAt)] };
        expect(swapStillHeld(open, slot)).toBe(offset <= 0);
        expect(swapAcceptRefusal(open, slot, [], 'bob')).toBe(offset <= 0 ? null : SWAP_MESSAGES.noLongerHeld);
      }),
    );
  });

  it('a taker whose duties overlap the swap’s time is always refused', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ slotId: fc.constantFrom('a', 'b'), window: windowArb }), { maxLength: 3 }), windowArb, (duties, w) => {
        const refusal = swapAcceptRefusal({ ...open, window: w }, { holders: [holder('ann')] }, duties, 'bob');
        expect(refusal === DUTY_MESSAGES.doubleDuty).toBe(duties.some((d) => windowsOverlap(d.window, w)));
      }),
    );
  });
});

describe('a swap asked before its event moved', () => {
  it('is judged, shown and told at the duty’s time now: the asker’s duty on the slot, not the time stored with the request', () => {
    fc.assert(
      fc.property(
        windowArb,
        windowArb,
        fc.array(fc.record({ slotId: fc.constantFrom('a', 'b'), window: windowArb }), { maxLength: 3 }),
        (asked, moved, duties) => {
          const swap = { status: 'open' as const, fromMemberId: 'ann', toMemberId: null, slotId: 'slot', window: asked, createdAt: '2026-05-02T09:00:00.000Z' };
          const slot = { holders: [{ memberId: 'ann', window: moved, assignedAt: '2026-05-01T09:00:00.000Z' } as DutyAssignment] };
          expect(swapWindowNow(swap, slot)).toEqual(moved);
          const refusal = swapAcceptRefusal(swap, slot, duties, 'bob');
          expect(refusal === DUTY_MESSAGES.doubleDuty).toBe(duties.some((d) => windowsOverlap(d.window, moved)));
        },
      ),
    );
  });

  it('keeps the stored time when the asker no longer holds the slot (nothing to take)', () => {
    const window: DutyWindow = { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
    expect(swapWindowNow({ fromMemberId: 'ann', window }, { holders: [] })).toEqual(window);
  });
});

describe('whom "cover needed" reaches', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const slotArb = (id: string) =>
    fc.record({
      slot: fc.record({
        id: fc.constant(id),
        needed: fc.integer({ min: 1, max: 3 }),
        holders: fc.subarray(ids).map((held) => held.map((memberId) => ({ memberId }) as DutyAssignment)),
      }),
      window: windowArb,
      dutyType: fc.record({ qualificationIds: fc.subarray(['pb2', 'first-aid']) }),
    });
  it('never an ineligible or busy member: each is offered exactly the short slots they may take, and nobody is asked for none', () => {
    fc.assert(
      fc.property(candidatesArb, fc.tuple(slotArb('s1'), slotArb('s2'), slotArb('s3')), (candidates, slots) => {
        const offers = coverOffers(candidates, slots, now);
        for (const c of candidates) {
          const expected = slots.filter(({ slot, window, dutyType }) => {
            const eligible = !c.member.disabled && ineligibility(c.member, dutyType, c.held, [], window) === null;
            const busy = c.duties.some((d) => windowsOverlap(d.window, window));
            return eligible && !busy && slot.holders.length < slot.needed && !slot.holders.some((h) => h.memberId === c.member.id);
          });
          const offer = offers.find((o) => o.candidate === c);
          expect(offer?.slots ?? [], c.member.id).toEqual(expected);
          if (offer) expect(offer.slots.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
