import type { Admin, Permission } from './admin';
import { PermissionError } from '../shared/errors';

export function hasPermission(admin: Pick<Admin, 'permissions'>, p: Permission): boolean {
  return admin.permissions.includes(p);
}

/**
 * The admin screens and what each needs; null means signing in is enough. /admin/login is open
 * to everybody and so is not listed.
 */
export const ADMIN_ROUTES: { path: string; permission: Permission | null }[] = [
  { path: '/admin/dashboard', permission: null },
  { path: '/admin/events', permission: 'events:read' },
  { path: '/admin/events/create', permission: 'events:write' },
  { path: '/admin/events/edit/:eventId', permission: 'events:write' },
  { path: '/admin/events/go-no-go/:eventId', permission: 'events:read' },
  { path: '/admin/conditions', permission: 'events:read' },
  { path: '/admin/bookings', permission: 'bookings:read' },
  { path: '/admin/bookings/:eventId', permission: 'bookings:read' },
  { path: '/admin/booking/:bookingId', permission: 'bookings:read' },
  { path: '/admin/audit', permission: 'audit:read' },
  // The club's member list (personal data) and the admin accounts (decisions, third phase).
  { path: '/admin/members', permission: 'members:write' },
  // Membership categories and settings (docs/membership.md).
  { path: '/admin/membership', permission: 'members:write' },
  // Applications to join (docs/membership.md#joining).
  { path: '/admin/membership/applications', permission: 'members:write' },
  { path: '/admin/admins', permission: 'admins:manage' },
  { path: '/admin/account', permission: null },
  { path: '/admin/work-days', permission: 'events:read' },
  { path: '/admin/work-days/create', permission: 'workdays:write' },
  { path: '/admin/work-days/edit/:workDayId', permission: 'workdays:write' },
  { path: '/admin/work-days/:workDayId', permission: 'events:read' },
  { path: '/admin/mail', permission: 'bookings:read' },
  { path: '/admin/news', permission: 'content:write' },
  { path: '/admin/news/create', permission: 'content:write' },
  { path: '/admin/news/edit/:newsId', permission: 'content:write' },
  { path: '/admin/water-levels', permission: 'content:write' },
  { path: '/admin/documents', permission: 'content:write' },
  { path: '/admin/photos', permission: 'content:write' },
  { path: '/admin/pages', permission: 'content:write' },
  { path: '/admin/pages/edit/:slug', permission: 'content:write' },
  { path: '/admin/duties', permission: 'duties:write' },
  { path: '/admin/duties/qualifications', permission: 'duties:write' },
  { path: '/admin/duties/events/:eventId', permission: 'duties:write' },
  { path: '/admin/duties/days', permission: 'duties:write' },
  { path: '/admin/duties/counts', permission: 'duties:write' },
  { path: '/admin/duties/fill', permission: 'duties:write' },
  // Subject-access and erasure requests (docs/privacy-requests.md).
  { path: '/admin/privacy', permission: 'privacy:manage' },
  // The officer of the day's page and check-in (docs/officer-of-the-day.md).
  { path: '/admin/today', permission: 'bookings:write' },
  // Members' data rights (docs/data-protection.md): the retention schedule as it applies now.
  { path: '/admin/retention', permission: 'privacy:manage' },
];

/** The ADMIN_ROUTES entry a concrete admin address (/admin/events/edit/e1?x=1) is for, or null. */
export function adminRouteOf(address: string): { path: string; permission: Permission | null } | null {
  const segments = address
    .split(/[?#]/, 1)[0]
    .split('/')
    .filter((part) => part !== '');
  return (
    ADMIN_ROUTES.find((route) => {
      const pattern = route.path.split('/').filter((part) => part !== '');
      return pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
    }) ?? null
  );
}

/**
 * Whether the admin may open this admin address, by the table above: the web offers a link or
 * button only when this is true, so no admin is sent to an Access Denied screen. An address the
 * table does not know is refused. (The server refuses the calls behind it all the same.)
 */
export function mayOpen(admin: Pick<Admin, 'permissions'>, address: string): boolean {
  const route = adminRouteOf(address);
  return route !== null && (route.permission === null || hasPermission(admin, route.permission));
}

export const ACTIONS = {
  'events.list': 'events:read',
  'events.create': 'events:write',
  'events.update': 'events:write',
  'events.delete': 'events:write',
  'events.cancel': 'events:write',
  'bookings.read': 'bookings:read',
  'bookings.write': 'bookings:write',
  'audit.read': 'audit:read',
  'admins.list': null,
  'admins.manage': 'admins:manage',
  'workDays.read': 'events:read',
  'workDays.write': 'workdays:write',
  // The e-mails are about bookings: reading them is reading bookings, sending one again a change.
  'mail.read': 'bookings:read',
  'mail.resend': 'bookings:write',
  // Drafts are not public: the news screen is for those who write news.
  'news.list': 'content:write',
  'news.write': 'content:write',
  'waterLevels.write': 'content:write',
  'documents.write': 'content:write',
  'photos.manage': 'content:write',
  // The Beginners and Information pages' words (core/site-pages/).
  'sitePages.write': 'content:write',
  // The club's member list is personal data: seeing it needs the same permission as changing it.
  'members.read': 'members:write',
  'members.write': 'members:write',
  // Membership money (figures in pounds, the payments CSV, refunds) is the treasurer's: the
  // bookings' money permission, on top of members:write (decisions, fourth phase).
  'membershipMoney.manage': 'bookings:write',
  // Rosters name members (personal data): seeing them needs the permission that keeps them.
  'duties.read': 'duties:write',
  'duties.write': 'duties:write',
  // An event's staffing light names nobody: whoever sees the events sees it.
  'duties.lights': 'events:read',
  // Subject-access archives and erasures: everything held about a person.
  'privacy.manage': 'privacy:manage',
  // What personal data the app holds and when it goes (docs/data-protection.md).
  'retention.read': 'privacy:manage',
} as const satisfies Record<string, Permission | null>;
export type AdminAction = keyof typeof ACTIONS;

export const PERMISSION_MESSAGES = {
  create: 'You do not have permission to create events.',
  edit: 'You do not have permission to edit events.',
  bookings: "You don't have permission to view bookings.",
  eventsRead: 'You do not have permission to view events.',
  delete: 'You do not have permission to delete events.',
  cancel: 'You do not have permission to cancel events.',
  admins: 'You do not have permission to manage admins.',
  bookingsWrite: 'You do not have permission to change bookings.',
  audit: 'You do not have permission to read the audit log.',
  mailRead: "You don't have permission to view e-mails.",
  mailResend: 'You do not have permission to resend e-mails.',
  photos: 'You do not have permission to manage photos.',
  workDaysWrite: 'You do not have permission to change work days.',
  news: 'You do not have permission to manage news.',
  waterLevels: 'You do not have permission to change water levels.',
  documentsWrite: 'You do not have permission to change documents.',
  sitePages: 'You do not have permission to change the club pages.',
  members: 'You do not have permission to manage the member list.',
  duties: 'You do not have permission to manage duties.',
  privacy: "You do not have permission to manage members' data.",
  membershipMoney: 'You do not have permission to see or refund membership payments.',
} as const;

const ACTION_MESSAGES: Record<AdminAction, string> = {
  'events.list': PERMISSION_MESSAGES.eventsRead,
  'events.create': PERMISSION_MESSAGES.create,
  'events.update': PERMISSION_MESSAGES.edit,
  'events.delete': PERMISSION_MESSAGES.delete,
  'events.cancel': PERMISSION_MESSAGES.cancel,
  'bookings.read': PERMISSION_MESSAGES.bookings,
  'bookings.write': PERMISSION_MESSAGES.bookingsWrite,
  'audit.read': PERMISSION_MESSAGES.audit,
  'admins.list': PERMISSION_MESSAGES.admins,
  'admins.manage': PERMISSION_MESSAGES.admins,
  // Work days are event-like club activities, so they share the events permission and message.
  'workDays.read': PERMISSION_MESSAGES.eventsRead,
  'workDays.write': PERMISSION_MESSAGES.workDaysWrite,
  'mail.read': PERMISSION_MESSAGES.mailRead,
  'mail.resend': PERMISSION_MESSAGES.mailResend,
  'news.list': PERMISSION_MESSAGES.news,
  'news.write': PERMISSION_MESSAGES.news,
  'waterLevels.write': PERMISSION_MESSAGES.waterLevels,
  'documents.write': PERMISSION_MESSAGES.documentsWrite,
  'photos.manage': PERMISSION_MESSAGES.photos,
  'sitePages.write': PERMISSION_MESSAGES.sitePages,
  'members.read': PERMISSION_MESSAGES.members,
  'members.write': PERMISSION_MESSAGES.members,
  'membershipMoney.manage': PERMISSION_MESSAGES.membershipMoney,
  'duties.read': PERMISSION_MESSAGES.duties,
  'duties.write': PERMISSION_MESSAGES.duties,
  'duties.lights': PERMISSION_MESSAGES.eventsRead,
  'privacy.manage': PERMISSION_MESSAGES.privacy,
  'retention.read': PERMISSION_MESSAGES.privacy,
};

/** Throws PermissionError (with the spec's message and the missing permission) unless allowed. */
export function requirePermission(admin: Pick<Admin, 'permissions'>, action: AdminAction): void {
  const needed: Permission | null = ACTIONS[action];
  if (needed === null || hasPermission(admin, needed)) return;
  throw new PermissionError(ACTION_MESSAGES[action], needed);
}
