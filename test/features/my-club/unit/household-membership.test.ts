import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contactOf,
  HOUSEHOLD_INVITATION_DAYS,
  invitationLapsed,
  joinRefusal,
  leaveRefusal,
  mayChangeHousehold,
  withContact,
  withMemberJoined,
  withMemberLeft,
  type CurrentHousehold,
  type HouseholdMemberAction,
  type HouseholdMembership,
} from '../../../../core/members/household-membership';

const MEMBERS = ['m-a', 'm-b', 'm-c', 'm-d', 'm-e'];
const HOUSEHOLDS = ['h-1', 'h-2', 'h-3'];

type Step =
  | { op: 'join'; member: string; household: string }
  | { op: 'leave'; member: string }
  | { op: 'contact'; member: string }
  | { op: 'dependant'; household: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('join' as const), member: fc.constantFrom(...MEMBERS), household: fc.constantFrom(...HOUSEHOLDS) }),
  fc.record({ op: fc.constant('leave' as const), member: fc.constantFrom(...MEMBERS) }),
  fc.record({ op: fc.constant('contact' as const), member: fc.constantFrom(...MEMBERS) }),
  fc.record({ op: fc.constant('dependant' as const), household: fc.constantFrom(...HOUSEHOLDS) }),
);

/** A club's households as the storage keeps them, changed only through the rules, as every adapter does. */
function run(steps: readonly Step[], max: number) {
  let memberships: HouseholdMembership[] = [];
  const dependants = new Map<string, number>();
  const membersOf = (householdId: string) => memberships.filter((m) => m.householdId === householdId);
  const current = (memberId: string): CurrentHousehold | null => {
    const membership = memberships.find((m) => m.memberId === memberId);
    return membership ? { membership, members: membersOf(membership.householdId).length, dependants: dependants.get(membership.householdId) ?? 0 } : null;
  };
  const replace = (householdId: string, members: HouseholdMembership[]) => {
    memberships = [...memberships.filter((m) => m.householdId !== householdId), ...members];
  };
  steps.forEach((s, i) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    if (s.op === 'join') {
      const now = current(s.member);
      if (joinRefusal(now, s.household, membersOf(s.household), max) !== null) return;
      if (now) replace(now.membership.householdId, withMemberLeft(membersOf(now.membership.householdId), s.member));
      replace(s.household, withMemberJoined(membersOf(s.household), s.household, s.member, at));
    } else if (s.op === 'leave') {
      const now = current(s.member);
      if (!now || leaveRefusal(now, now.membership.householdId) !== null) return;
      replace(now.membership.householdId, withMemberLeft(membersOf(now.membership.householdId), s.member));
    } else if (s.op === 'contact') {
      const now = current(s.member);
      if (now) replace(now.membership.householdId, withContact(membersOf(now.membership.householdId), s.member)!);
    } else if (membersOf(s.household).length > 0) {
      dependants.set(s.household, (dependants.get(s.household) ?? 0) + 1);
    }
  });
  return { memberships, dependants, membersOf };
}

describe('households of several members', () => {
  it('whatever joins, leaves and choices of contact happen: each member is in one household at most, each household with members has exactly one contact, and none passes the limit', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 4 }), (steps, max) => {
        const { memberships, membersOf, dependants } = run(steps, max);
        const ids = memberships.map((m) => m.memberId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const household of HOUSEHOLDS) {
          const members = membersOf(household);
          expect(members.length).toBeLessThanOrEqual(max);
          if (members.length > 0) expect(members.filter((m) => m.contact)).toHaveLength(1);
          // A household with dependants is never left without a member.
          if ((dependants.get(household) ?? 0) > 0) expect(members.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('when the contact leaves, the member who joined next (earliest of those left) becomes the contact', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...MEMBERS), { minLength: 2 }), (members) => {
        let household: HouseholdMembership[] = [];
        members.forEach((m, i) => (household = withMemberJoined(household, 'h-1', m, new Date(Date.UTC(2026, 0, 1, i)).toISOString())));
        expect(contactOf(household)?.memberId).toBe(members[0]);
        const after = withMemberLeft(household, members[0]);
        expect(contactOf(after)?.memberId).toBe(members[1]);
        expect(after.map((m) => m.memberId)).toEqual(members.slice(1));
      }),
    );
  });

  it('a member may only remove themselves; only the contact invites and manages dependants; only an admin adds, removes others and chooses the contact', () => {
    const actions: HouseholdMemberAction[] = ['add', 'invite', 'remove', 'choose-contact', 'manage-dependants'];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...MEMBERS), { minLength: 1 }),
        fc.constantFrom(...MEMBERS),
        fc.constantFrom(...MEMBERS),
        fc.constantFrom(...actions),
        (members, actor, target, action) => {
          let household: HouseholdMembership[] = [];
          members.forEach((m, i) => (household = withMemberJoined(household, 'h-1', m, new Date(Date.UTC(2026, 0, 1, i)).toISOString())));
          const allowed = mayChangeHousehold({ kind: 'member', memberId: actor }, action, household, target);
          const own = household.find((m) => m.memberId === actor);
          if (!own) expect(allowed).toBe(false);
          else if (action === 'remove') expect(allowed).toBe(target === actor);
          else if (action === 'invite' || action === 'manage-dependants') expect(allowed).toBe(own.contact);
          else expect(allowed).toBe(false);
          expect(mayChangeHousehold({ kind: 'admin' }, action, household, target)).toBe(action !== 'invite');
        },
      ),
    );
  });

  it('refuses a second household to a member in one (with others or dependants), and lets one alone without dependants move', () => {
    const membership: HouseholdMembership = { householdId: 'h-1', memberId: 'm-a', contact: true, joinedAt: '2026-01-01T00:00:00.000Z' };
    expect(joinRefusal({ membership, members: 2, dependants: 0 }, 'h-2', [])).toBe('in-a-household');
    expect(joinRefusal({ membership, members: 1, dependants: 1 }, 'h-2', [])).toBe('in-a-household');
    const other: HouseholdMembership = { householdId: 'h-2', memberId: 'm-b', contact: true, joinedAt: '2026-01-01T00:00:00.000Z' };
    expect(joinRefusal({ membership, members: 1, dependants: 0 }, 'h-2', [other])).toBeNull();
    // Never to start a new, empty household.
    expect(joinRefusal({ membership, members: 1, dependants: 0 }, 'h-3', [])).toBe('in-a-household');
    expect(joinRefusal(null, 'h-3', [])).toBeNull();
    expect(joinRefusal({ membership, members: 1, dependants: 0 }, 'h-1', [membership])).toBe('in-a-household');
    expect(leaveRefusal({ membership, members: 1, dependants: 1 }, 'h-1')).toBe('only-member');
    expect(leaveRefusal({ membership, members: 1, dependants: 1 }, 'h-2')).toBe('not-in-household');
    expect(leaveRefusal(null, 'h-1')).toBe('not-in-household');
    expect(withContact([membership], 'm-z')).toBeNull();
  });
});

describe('an invitation’s life', () => {
  it(`lapses ${HOUSEHOLD_INVITATION_DAYS} days after it was made, to the millisecond, and stays lapsed`, () => {
    const DAY = 86_400_000;
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -DAY, max: 60 * DAY }),
        (made, after) => {
          const invitation = { createdAt: made.toISOString() };
          const now = new Date(made.getTime() + after);
          expect(invitationLapsed(invitation, now)).toBe(after >= HOUSEHOLD_INVITATION_DAYS * DAY);
        },
      ),
    );
    expect(invitationLapsed({ createdAt: '2026-05-02T09:00:00.000Z' }, new Date('2026-06-01T08:59:59.999Z'))).toBe(false);
    expect(invitationLapsed({ createdAt: '2026-05-02T09:00:00.000Z' }, new Date('2026-06-01T09:00:00.000Z'))).toBe(true);
  });
});
