import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../../core/admins/admin';
import { ADMIN_ROUTES, adminRouteOf, mayOpen } from '../../../../core/admins/permissions';

const permissionSet = fc.subarray([...PERMISSIONS]);
/** Any id an address may carry: encoded as the screens encode it, never empty, no slash. */
const idSegment = fc.string({ minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s));

function concrete(path: string, id: string): string {
  return path.replace(/:[A-Za-z]+/g, id);
}

describe('which admin links are offered (mayOpen)', () => {
  it('an address of a screen may be opened exactly when its screen needs nothing or the admin holds its permission', () => {
    fc.assert(
      fc.property(permissionSet, fc.constantFrom(...ADMIN_ROUTES), idSegment, fc.constantFrom('', '?from=list', '#top'), (permissions, route, id, tail) => {
        const address = concrete(route.path, id) + tail;
        expect(adminRouteOf(address)?.permission).toBe(route.permission);
        expect(mayOpen({ permissions }, address)).toBe(route.permission === null || permissions.includes(route.permission));
      }),
    );
  });

  it('refuses addresses the table does not know, whatever the permissions', () => {
    fc.assert(
      fc.property(
        permissionSet,
        fc.constantFrom('/admin/events/edit', '/admin/events/edit/a/b', '/admin/bookings/a/b', '/admin/nowhere', '/calendar', '/'),
        (permissions, address) => {
          expect(mayOpen({ permissions }, address)).toBe(false);
        },
      ),
    );
  });

  it('the issue’s case: events:read alone shows neither Edit nor Bookings, each needs its own permission', () => {
    const reader = { permissions: ['events:read' as const] };
    expect(mayOpen(reader, '/admin/events')).toBe(true);
    expect(mayOpen(reader, '/admin/events/edit/regatta')).toBe(false);
    expect(mayOpen(reader, '/admin/bookings/regatta')).toBe(false);
    expect(mayOpen({ permissions: ['events:write'] }, '/admin/events/edit/regatta')).toBe(true);
    expect(mayOpen({ permissions: ['bookings:read'] }, '/admin/bookings/regatta')).toBe(true);
    expect(mayOpen({ permissions: [] }, '/admin/members')).toBe(false);
    expect(mayOpen({ permissions: ['members:write'] }, '/admin/members')).toBe(true);
    expect(mayOpen({ permissions: ['events:read', 'bookings:read'] }, '/admin/admins')).toBe(false);
    expect(mayOpen({ permissions: ['admins:manage'] }, '/admin/admins')).toBe(true);
  });
});
