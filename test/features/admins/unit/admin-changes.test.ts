import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN_CHANGE_MESSAGES, adminChangeRefusal, leavesNoManager } from '../../../../core/admins/admin-changes';
import { PERMISSIONS, type Permission } from '../../../../core/admins/admin';

const permissionSet = fc.subarray([...PERMISSIONS]) as fc.Arbitrary<Permission[]>;
const anAdmin = (uid: string) => fc.record({ uid: fc.constant(uid), permissions: permissionSet, disabled: fc.boolean() });
const manages = (a: { permissions: readonly Permission[]; disabled: boolean }) => !a.disabled && a.permissions.includes('admins:manage');

describe('admin changes: least privilege', () => {
  it('an admin never grants a permission they do not hold, never changes their own, and never leaves nobody managing admins', () => {
    fc.assert(
      fc.property(
        fc.array(anAdmin('x'), { minLength: 1, maxLength: 5 }).map((list) => list.map((a, i) => ({ ...a, uid: `a${i}` }))),
        fc.nat(),
        fc.nat(),
        permissionSet,
        fc.boolean(),
        (admins, actorIndex, targetIndex, permissions, disabled) => {
          const actor = admins[actorIndex % admins.length];
          const target = admins[targetIndex % admins.length];
          const refusal = adminChangeRefusal(actor, target, { permissions, disabled }, admins);
          const granted = permissions.filter((p) => !target.permissions.includes(p));
          const after = admins.map((a) => (a.uid === target.uid ? { ...a, permissions, disabled } : a));
          const ownChange =
            target.uid === actor.uid && ((disabled && !target.disabled) || [...new Set(permissions)].sort().join() !== [...target.permissions].sort().join());
          if (refusal === null) {
            expect(granted.every((p) => actor.permissions.includes(p))).toBe(true);
            expect(ownChange).toBe(false);
            if (admins.some(manages)) expect(after.some(manages)).toBe(true);
          } else {
            expect(granted.some((p) => !actor.permissions.includes(p)) || ownChange || (admins.some(manages) && !after.some(manages))).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('names what it refuses', () => {
    const boss = { uid: 'boss', permissions: ['admins:manage', 'events:read'] as Permission[], disabled: false };
    const pat = { uid: 'pat', permissions: ['admins:manage'] as Permission[], disabled: false };
    expect(adminChangeRefusal(pat, pat, { permissions: ['admins:manage', 'events:write'], disabled: false }, [boss, pat])).toEqual({
      field: 'permissions',
      message: ADMIN_CHANGE_MESSAGES.cannotChangeOwnPermissions,
    });
    expect(adminChangeRefusal(pat, null, { permissions: ['events:read', 'bookings:write'], disabled: false }, [])).toEqual({
      field: 'permissions',
      message: 'You cannot grant events:read, bookings:write: only permissions you hold yourself can be given',
    });
    expect(adminChangeRefusal(pat, pat, { permissions: pat.permissions, disabled: true }, [boss, pat])?.message).toBe('You cannot disable your own account');
    // Removing what the actor does not hold is allowed (that is not a grant).
    expect(adminChangeRefusal(pat, boss, { permissions: ['admins:manage'], disabled: false }, [boss, pat])).toBeNull();
    expect(leavesNoManager([boss, { ...pat, disabled: true }], { ...boss, disabled: true })).toBe(true);
    expect(leavesNoManager([boss, pat], { ...boss, disabled: true })).toBe(false);
  });
});
