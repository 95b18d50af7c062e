import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, PERMISSIONS, type Permission } from '../../../../core/admins/admin';
import { PermissionError } from '../../../../core/shared/errors';
import { ACTIONS, ADMIN_ROUTES, PERMISSION_MESSAGES, hasPermission, mayOpen, requirePermission, type AdminAction } from '../../../../core/admins/permissions';

const actions = Object.keys(ACTIONS) as AdminAction[];
const permissionSet = fc.subarray([...PERMISSIONS]);

describe('permission properties', () => {
  it('an action is allowed exactly when it needs nothing or the admin holds its permission', () => {
    fc.assert(
      fc.property(permissionSet, fc.constantFrom(...actions), (permissions, action) => {
        const needed: Permission | null = ACTIONS[action];
        const allowed = needed === null || permissions.includes(needed);
        let thrown: unknown = null;
        try {
          requirePermission({ permissions }, action);
        } catch (e) {
          thrown = e;
        }
        expect(thrown === null).toBe(allowed);
        if (!allowed) {
          expect(thrown).toBeInstanceOf(PermissionError);
          expect((thrown as PermissionError).permission).toBe(needed);
          expect((thrown as PermissionError).code).toBe('PERMISSION');
        }
      }),
    );
  });

  it('holding a permission is membership of the list', () => {
    fc.assert(
      fc.property(permissionSet, fc.constantFrom(...PERMISSIONS), (permissions, p) => {
        expect(hasPermission({ permissions }, p)).toBe(permissions.includes(p));
      }),
    );
  });
});

describe('permission examples', () => {
  const reader = { permissions: ['events:read'] as Permission[] };

  it('uses the spec messages', () => {
    expect(() => requirePermission(reader, 'events.create')).toThrow('You do not have permission to create events.');
    expect(() => requirePermission(reader, 'events.update')).toThrow('You do not have permission to edit events.');
    expect(() => requirePermission(reader, 'events.delete')).toThrow('You do not have permission to delete events.');
    expect(() => requirePermission(reader, 'bookings.read')).toThrow("You don't have permission to view bookings.");
    expect(() => requirePermission({ permissions: [] }, 'events.list')).toThrow('You do not have permission to view events.');
    expect(() => requirePermission({ permissions: [] }, 'workDays.read')).toThrow(PERMISSION_MESSAGES.eventsRead);
    expect(() => requirePermission({ permissions: DEFAULT_PERMISSIONS }, 'admins.manage')).toThrow('You do not have permission to manage admins.');
  });

  // Each: the actions; an admin holding `holds` may do them; one holding only `lacks` is refused with `message`.
  const needs: { title: string; actions: AdminAction[]; holds: Permission[]; lacks: Permission[]; message: string }[] = [
    {
      title: 'managing photos needs content:write, with its own message',
      actions: ['photos.manage'],
      holds: ['content:write'],
      lacks: DEFAULT_PERMISSIONS,
      message: 'You do not have permission to manage photos.',
    },
    {
      title: 'the news screen and every news change need content:write, with one message',
      actions: ['news.list', 'news.write'],
      holds: ['content:write'],
      lacks: ['events:write', 'workdays:write'],
      message: 'You do not have permission to manage news.',
    },
    {
      title: 'editing the club pages needs content:write, with its own message',
      actions: ['sitePages.write'],
      holds: ['content:write'],
      lacks: ['events:write', 'bookings:write', 'admins:manage'],
      message: 'You do not have permission to change the club pages.',
    },
    {
      title: 'seeing the member list and changing it both need members:write, with one message: the list is personal data',
      actions: ['members.read', 'members.write'],
      holds: ['members:write'],
      lacks: ['admins:manage', 'bookings:write', 'content:write', 'audit:read'],
      message: 'You do not have permission to manage the member list.',
    },
    {
      title: 'the Data retention page needs privacy:manage, with the data-rights message',
      actions: ['retention.read'],
      holds: ['privacy:manage'],
      lacks: ['admins:manage', 'members:write', 'audit:read'],
      message: "You do not have permission to manage members' data.",
    },
    {
      title: 'duty rosters need duties:write to see and to change (they name members)',
      actions: ['duties.read', 'duties.write'],
      holds: ['duties:write'],
      lacks: ['events:write', 'members:write', 'admins:manage'],
      message: 'You do not have permission to manage duties.',
    },
    {
      title: 'the staffing light of duty rosters needs only events:read',
      actions: ['duties.lights'],
      holds: ['events:read'],
      lacks: ['duties:write'],
      message: 'You do not have permission to view events.',
    },
    {
      title: 'changing water levels needs content:write, with its own message',
      actions: ['waterLevels.write'],
      holds: ['content:write'],
      lacks: ['events:write', 'workdays:write'],
      message: 'You do not have permission to change water levels.',
    },
  ];
  for (const { title, actions: needing, holds, lacks, message } of needs) {
    it(title, () => {
      for (const action of needing) {
        expect(() => requirePermission({ permissions: holds }, action)).not.toThrow();
        expect(() => requirePermission({ permissions: lacks }, action)).toThrow(message);
      }
    });
  }

  it('lets any signed-in admin list admins', () => {
    expect(() => requirePermission({ permissions: [] }, 'admins.list')).not.toThrow();
  });

  it('the default admin can do everything but manage admins, change bookings, resend e-mails, read the audit log, change work days and manage news, water levels, documents, photos and the club pages, nor see or change the member list, nor answer data requests or see the retention schedule', () => {
    const withheld = [
      'admins.manage',
      'bookings.write',
      'membershipMoney.manage',
      'audit.read',
      'mail.resend',
      'workDays.write',
      'news.list',
      'news.write',
      'waterLevels.write',
      'documents.write',
      'photos.manage',
      'sitePages.write',
      'members.read',
      'members.write',
      'duties.read',
      'duties.write',
      'privacy.manage',
      'retention.read',
    ];
    for (const action of actions.filter((a) => !withheld.includes(a))) {
      expect(() => requirePermission({ permissions: DEFAULT_PERMISSIONS }, action)).not.toThrow();
    }
    for (const action of withheld) {
      expect(() => requirePermission({ permissions: DEFAULT_PERMISSIONS }, action as (typeof actions)[number])).toThrow(PermissionError);
    }
  });

  it('reading the e-mails needs bookings:read and resending one bookings:write, with their own messages', () => {
    expect(() => requirePermission({ permissions: ['bookings:read'] }, 'mail.read')).not.toThrow();
    expect(() => requirePermission({ permissions: ['events:read'] }, 'mail.read')).toThrow("You don't have permission to view e-mails.");
    expect(() => requirePermission({ permissions: ['bookings:read'] }, 'mail.resend')).toThrow('You do not have permission to resend e-mails.');
    expect(() => requirePermission({ permissions: ['bookings:write'] }, 'mail.resend')).not.toThrow();
  });

  it('protects the admin screens as the spec table says', () => {
    const table = Object.fromEntries(ADMIN_ROUTES.map((r) => [r.path, r.permission]));
    expect(table).toEqual({
      '/admin/dashboard': null,
      '/admin/events': 'events:read',
      '/admin/events/create': 'events:write',
      '/admin/events/edit/:eventId': 'events:write',
      // The go/no-go panel and the wind limits (docs/conditions.md): read with events:read, changed with events:write.
      '/admin/events/go-no-go/:eventId': 'events:read',
      '/admin/conditions': 'events:read',
      '/admin/bookings': 'bookings:read',
      '/admin/bookings/:eventId': 'bookings:read',
      '/admin/booking/:bookingId': 'bookings:read',
      '/admin/audit': 'audit:read',
      '/admin/members': 'members:write',
      '/admin/membership': 'members:write',
      '/admin/membership/applications': 'members:write',
      '/admin/admins': 'admins:manage',
      '/admin/account': null,
      '/admin/work-days': 'events:read',
      '/admin/work-days/create': 'workdays:write',
      '/admin/work-days/edit/:workDayId': 'workdays:write',
      '/admin/work-days/:workDayId': 'events:read',
      '/admin/mail': 'bookings:read',
      '/admin/news': 'content:write',
      '/admin/news/create': 'content:write',
      '/admin/news/edit/:newsId': 'content:write',
      '/admin/water-levels': 'content:write',
      '/admin/documents': 'content:write',
      '/admin/photos': 'content:write',
      '/admin/pages': 'content:write',
      '/admin/pages/edit/:slug': 'content:write',
      '/admin/duties': 'duties:write',
      '/admin/duties/qualifications': 'duties:write',
      '/admin/duties/events/:eventId': 'duties:write',
      '/admin/duties/days': 'duties:write',
      '/admin/duties/counts': 'duties:write',
      '/admin/duties/fill': 'duties:write',
      '/admin/privacy': 'privacy:manage',
      // The officer of the day's page and check-in (docs/officer-of-the-day.md).
      '/admin/today': 'bookings:write',
      // Members' data rights (docs/data-protection.md).
      '/admin/retention': 'privacy:manage',
    });
  });
});

describe('work-day screens', () => {
  it('reading work days needs events:read; changing them workdays:write, with its own message', () => {
    expect(() => requirePermission({ permissions: ['events:read'] }, 'workDays.read')).not.toThrow();
    expect(() => requirePermission({ permissions: ['events:read', 'events:write'] }, 'workDays.write')).toThrow(
      'You do not have permission to change work days.',
    );
    expect(() => requirePermission({ permissions: ['workdays:write'] }, 'workDays.write')).not.toThrow();
    expect(mayOpen({ permissions: ['events:read'] }, '/admin/work-days/wd-1')).toBe(true);
    expect(mayOpen({ permissions: ['events:read'] }, '/admin/work-days/create')).toBe(false);
    expect(mayOpen({ permissions: ['events:read'] }, '/admin/work-days/edit/wd-1')).toBe(false);
    expect(mayOpen({ permissions: ['workdays:write'] }, '/admin/work-days/edit/wd-1')).toBe(true);
  });
});
