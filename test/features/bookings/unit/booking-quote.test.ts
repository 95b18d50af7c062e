import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SubmitBooking } from '../../../../core/operations/submit-booking';
import { NO_HOUSEHOLD, quoteBookingForm } from '../../../../core/bookings/booking-quote';
import { bookingHouseholdOf, type MyHousehold } from '../../../../core/members/household-views';
import { memberAsAttendee } from '../../../../core/members/household';
import { isMembershipCurrent, type Member } from '../../../../core/members/member';
import type { HouseholdPerson } from '../../../../core/members/household';
import { ValidationError } from '../../../../core/shared/errors';
import { londonDate } from '../../../../core/shared/london-time';
import { aForm, makeWorld, REGATTA } from '../../../support/unit/world';
import { anEvent } from '../../../support/entities';

// The world's clock reads 1 June 2026 in London: a renewal date of 2026-06-01 is current, 2026-05-31 lapsed.
const RENEWALS = ['2026-05-31', '2026-06-01', '2027-03-31'] as const;
const ADDRESS = '203.0.113.9';

function aMember(id: string, renewalDate: string, membershipType = 'Adult'): Member {
  return {
    id,
    name: `Member ${id}`,
    email: `${id}@example.org`,
    membershipType,
    renewalDate,
    disabled: false,
    createdAt: '2025-06-01T09:00:00.000Z',
    updatedAt: '2025-06-01T09:00:00.000Z',
  };
}

/** The household answer the booking page reads (GET /api/my/household), as GetMyHousehold draws it on `today`. */
function householdAnswer(me: Member, others: readonly Member[], people: readonly HouseholdPerson[], today: string): MyHousehold {
  const view = (m: Member, you: boolean) => ({
    memberId: m.id,
    name: m.name,
    contact: you,
    you,
    kind: memberAsAttendee(m, m.updatedAt).kind,
    membershipCurrent: isMembershipCurrent(m, today),
  });
  return {
    householdId: 'h1',
    contact: true,
    members: [view(me, true), ...others.map((m) => view(m, false))],
    people: [...people],
    invitations: [],
    invited: [],
  };
}

const scenario = fc.record({
  price: fc.integer({ min: 1, max: 5000 }),
  memberShare: fc.integer({ min: 0, max: 100 }),
  attending: fc.integer({ min: 1, max: 8 }),
  children: fc.integer({ min: 0, max: 8 }),
  signedIn: fc.boolean(),
  renewal: fc.constantFrom(...RENEWALS),
  dependants: fc.array(
    fc.record({ kind: fc.constantFrom('adult' as const, 'junior' as const), yearOfBirth: fc.option(fc.integer({ min: 1950, max: 2026 }), { nil: null }) }),
    { maxLength: 3 },
  ),
  others: fc.array(fc.record({ renewal: fc.constantFrom(...RENEWALS), junior: fc.boolean() }), { maxLength: 2 }),
  tick: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
});

describe('the booking form’s total is what SubmitBooking charges', () => {
  it('for any member, household, ticked people and counts: the same amount, or no total where the server refuses', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const world = makeWorld();
        const now = world.clock.now();
        const event = anEvent({
          ...REGATTA,
          requiresPayment: true,
          price: s.price,
          memberPrice: Math.floor((s.price * s.memberShare) / 100),
          offerChild: true,
        });
        await world.events.create(event);
        const me = aMember('me', s.renewal);
        const others = s.others.map((o, i) => aMember(`other-${i}`, o.renewal, o.junior ? 'Junior' : 'Adult'));
        const people: HouseholdPerson[] = s.dependants.map((d, i) => ({
          id: `person-${i}`,
          memberId: me.id,
          name: `Dependant ${i}`,
          kind: d.kind,
          yearOfBirth: d.yearOfBirth,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        }));
        const household = bookingHouseholdOf(householdAnswer(me, others, people, londonDate(now)));
        const ticked = s.signedIn ? household.attendable.filter((_, i) => s.tick[i]).map((p) => p.id) : [];
        const form = aForm({ numberAttending: String(s.attending), numberOfChildren: String(s.children), numberOfSoftDrinks: '0', numberOfVegetarian: '0' });

        const quote = quoteBookingForm(
          { ...form, numberOfChildren: String(s.children) },
          event,
          { maxAttendees: world.maxAttendees, testHook: world.testHook },
          { member: s.signedIn ? me : null, householdAttendees: ticked, household: s.signedIn ? household : NO_HOUSEHOLD },
          now,
        );
        let charged: number | null;
        try {
          const result = await new SubmitBooking(world).execute(
            { ...form, householdAttendees: ticked },
            { address: ADDRESS, member: s.signedIn ? me : null, household: people, householdMembers: others },
          );
          charged = result.amount;
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          charged = null;
        }
        expect(quote?.amount ?? null).toBe(charged);
      }),
      { numRuns: 150 },
    );
  });
});
