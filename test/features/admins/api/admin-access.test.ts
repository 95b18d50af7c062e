import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, addEvent, FETCH, PASSWORD, signIn, startTestApp, type TestApp } from '../../../support/api/test-app';
import { aWorkDay } from '../../../support/entities';

let app: TestApp;
let eventId: string;
let otherUid: string;
let bookingId: string;

beforeAll(async () => {
  app = await startTestApp();
  eventId = (await addEvent(app)).id;
  const booked = await app.agent().post('/api/bookings').send({ eventId, firstName: 'Ann', lastName: 'Jones', numberAttending: '1', email: 'ann@example.org' });
  bookingId = booked.body.bookingId;
  await addAdmin(app, 'nobody@example.org', []);
  otherUid = (await addAdmin(app, 'other@example.org', ['events:read'])).uid;
  await app.get('workDays').create(aWorkDay());
  await app
    .get('workDays')
    .addSignup({
      id: 'signup-1',
      workDayId: 'spring-clean',
      firstName: 'Sam',
      lastName: 'Helper',
      selectedJobs: ['slipway'],
      otherJob: '',
      notes: '',
      bringingTools: false,
      wantsFood: false,
      submittedAt: '2026-04-01T09:00:00.000Z',
    });
  await app
    .get('campaigns')
    .saveNewsItem({
      id: 'news-guarded',
      subject: 'Guarded',
      body: 'Text',
      publishAt: '2026-01-01T10:00:00.000Z',
      status: 'published',
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
  // A member the refused requests would change or see.
  await app
    .get('members')
    .create({
      id: 'member-guarded',
      name: 'Guarded Member',
      email: 'guarded@example.org',
      membershipType: 'Adult',
      renewalDate: '2027-03-31',
      disabled: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
  // A membership category the refused requests would change.
  await app
    .get('membership')
    .createCategory({
      id: 'guarded',
      name: 'Guarded',
      description: '',
      seasonPrice: 100,
      coversHousehold: false,
      dutiesPerSeason: 0,
      onlinePurchase: true,
      life: false,
      withdrawn: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
  // A document the refused requests would change: they must leave it as it is.
  await app.get('files').put('documents/club-rules-1', new TextEncoder().encode('%PDF-1.4 rules'));
  await app
    .get('documents')
    .put({ id: 'club-rules', title: 'Club rules', description: '', category: 'Club', fileName: 'rules.pdf', tags: [], position: 0 }, 'documents/club-rules-1');
});
afterAll(async () => {
  await app.dispose();
});

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface Guarded {
  method: Method;
  path: () => string;
  /** The route as declared, to prove the table covers every admin route. */
  route: string;
  body?: object;
  /** null: signing in is enough. */
  permission: string | null;
  /** A signed-in admin's answer when `permission` is null (200 unless told). */
  allowed?: number;
  message?: string;
}

const form = { name: 'X', eventdatetime: '2026-08-01T10:00' };
const newsForm = { subject: 'Guarded', body: 'Text', publishAt: '2026-08-01T10:00', status: 'published' };
const GUARDED: Guarded[] = [
  { method: 'get', route: '/api/admin/session', path: () => '/api/admin/session', permission: null },
  { method: 'get', route: '/api/admin/dashboard', path: () => '/api/admin/dashboard', permission: null },
  { method: 'get', route: '/api/admin/admins', path: () => '/api/admin/admins', permission: null },
  // Any admin may change their own password; this body is refused for its repeat of the current one, before any password is checked.
  {
    method: 'post',
    route: '/api/admin/account/password',
    path: () => '/api/admin/account/password',
    body: { currentPassword: 'same-password', newPassword: 'same-password' },
    permission: null,
    allowed: 400,
  },
  {
    method: 'get',
    route: '/api/admin/events',
    path: () => '/api/admin/events',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'get',
    route: '/api/admin/events/:id',
    path: () => `/api/admin/events/${eventId}`,
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'post',
    route: '/api/admin/events',
    path: () => '/api/admin/events',
    body: form,
    permission: 'events:write',
    message: 'You do not have permission to create events.',
  },
  {
    method: 'put',
    route: '/api/admin/events/:id',
    path: () => `/api/admin/events/${eventId}`,
    body: form,
    permission: 'events:write',
    message: 'You do not have permission to edit events.',
  },
  {
    method: 'delete',
    route: '/api/admin/events/:id',
    path: () => `/api/admin/events/${eventId}`,
    permission: 'events:write',
    message: 'You do not have permission to delete events.',
  },
  {
    method: 'get',
    route: '/api/admin/event-series',
    path: () => '/api/admin/event-series',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'get',
    route: '/api/admin/event-series/:id',
    path: () => '/api/admin/event-series/guarded-series',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'post',
    route: '/api/admin/event-series',
    path: () => '/api/admin/event-series',
    body: { name: 'X', rule: 'FREQ=WEEKLY', firstDate: '2026-08-02', lastDate: '2026-08-30', startTime: '10:00', endTime: '12:00' },
    permission: 'events:write',
    message: 'You do not have permission to create events.',
  },
  {
    method: 'post',
    route: '/api/admin/event-series/:id/change',
    path: () => '/api/admin/event-series/guarded-series/change',
    body: { fromEventId: 'x', name: 'X', startTime: '10:00', endTime: '12:00' },
    permission: 'events:write',
    message: 'You do not have permission to edit events.',
  },
  {
    method: 'post',
    route: '/api/admin/event-series/:id/end',
    path: () => '/api/admin/event-series/guarded-series/end',
    body: { fromEventId: 'x', reason: 'Weed' },
    permission: 'events:write',
    message: 'You do not have permission to cancel events.',
  },
  {
    method: 'get',
    route: '/api/admin/bookings',
    path: () => '/api/admin/bookings',
    permission: 'bookings:read',
    message: "You don't have permission to view bookings.",
  },
  {
    method: 'get',
    route: '/api/admin/events/:id/bookings',
    path: () => `/api/admin/events/${eventId}/bookings`,
    permission: 'bookings:read',
    message: "You don't have permission to view bookings.",
  },
  {
    method: 'get',
    route: '/api/admin/events/:id/bookings.csv',
    path: () => `/api/admin/events/${eventId}/bookings.csv`,
    permission: 'bookings:read',
    message: "You don't have permission to view bookings.",
  },
  {
    method: 'post',
    route: '/api/admin/admins',
    path: () => '/api/admin/admins',
    body: { email: 'x@example.org', name: 'X', password: 'long-enough' },
    permission: 'admins:manage',
    message: 'You do not have permission to manage admins.',
  },
  {
    method: 'patch',
    route: '/api/admin/admins/:uid',
    path: () => `/api/admin/admins/${otherUid}`,
    body: { disabled: true },
    permission: 'admins:manage',
    message: 'You do not have permission to manage admins.',
  },
  {
    method: 'get',
    route: '/api/admin/work-days',
    path: () => '/api/admin/work-days',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'get',
    route: '/api/admin/bookings/:id',
    path: () => `/api/admin/bookings/${bookingId}`,
    permission: 'bookings:read',
    message: "You don't have permission to view bookings.",
  },
  {
    method: 'get',
    route: '/api/admin/booking-references/:reference',
    path: () => '/api/admin/booking-references/KYC-22222',
    permission: 'bookings:read',
    message: "You don't have permission to view bookings.",
  },
  ...(
    [
      ['post', '/api/admin/bookings/:id/cancel', 'cancel', { refund: true }],
      ['post', '/api/admin/bookings/:id/refund', 'refund', {}],
      ['post', '/api/admin/bookings/:id/mark-paid', 'mark-paid', { method: 'cash', reference: 'R1' }],
      ['patch', '/api/admin/bookings/:id', '', { firstName: 'Changed', lastName: 'Jones', numberAttending: '1' }],
      ['post', '/api/admin/bookings/:id/resend', 'resend', undefined],
    ] as const
  ).map(([method, route, action, body]): Guarded => ({
    method,
    route,
    path: () => `/api/admin/bookings/${bookingId}${action ? `/${action}` : ''}`,
    ...(body ? { body } : {}),
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  })),
  {
    method: 'get',
    route: '/api/admin/events/:id/waiting-list',
    path: () => `/api/admin/events/${eventId}/waiting-list`,
    permission: 'bookings:read',
    message: "You don't have permission to view bookings.",
  },
  {
    method: 'post',
    route: '/api/admin/events/:id/waiting-list/:entryId/offer',
    path: () => `/api/admin/events/${eventId}/waiting-list/some-entry/offer`,
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  {
    method: 'post',
    route: '/api/admin/events/:id/waiting-list/:entryId/remove',
    path: () => `/api/admin/events/${eventId}/waiting-list/some-entry/remove`,
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  {
    method: 'get',
    route: '/api/admin/audit',
    path: () => '/api/admin/audit',
    permission: 'audit:read',
    message: 'You do not have permission to read the audit log.',
  },
  {
    method: 'get',
    route: '/api/admin/outbox',
    path: () => '/api/admin/outbox?status=queued',
    permission: 'bookings:read',
    message: "You don't have permission to view e-mails.",
  },
  {
    method: 'get',
    route: '/api/admin/outbox/:id',
    path: () => '/api/admin/outbox/some-message',
    permission: 'bookings:read',
    message: "You don't have permission to view e-mails.",
  },
  {
    method: 'get',
    route: '/api/admin/outbox/:id/html',
    path: () => '/api/admin/outbox/some-message/html',
    permission: 'bookings:read',
    message: "You don't have permission to view e-mails.",
  },
  {
    method: 'post',
    route: '/api/admin/outbox/:id/resend',
    path: () => '/api/admin/outbox/some-message/resend',
    permission: 'bookings:write',
    message: 'You do not have permission to resend e-mails.',
  },
  {
    method: 'get',
    route: '/api/admin/events/:id/cancel',
    path: () => `/api/admin/events/${eventId}/cancel`,
    permission: 'events:write',
    message: 'You do not have permission to cancel events.',
  },
  {
    method: 'post',
    route: '/api/admin/events/:id/cancel',
    path: () => `/api/admin/events/${eventId}/cancel`,
    body: { reason: 'Gale warning' },
    permission: 'events:write',
    message: 'You do not have permission to cancel events.',
  },
  {
    method: 'get',
    route: '/api/admin/conditions/limits',
    path: () => '/api/admin/conditions/limits',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'put',
    route: '/api/admin/conditions/limits',
    path: () => '/api/admin/conditions/limits',
    body: { kinds: [{ id: 'club-racing', name: 'Club racing', windKn: 5, gustKn: 8 }], defaultKind: 'club-racing', marginKn: 1 },
    permission: 'events:write',
    message: 'You do not have permission to edit events.',
  },
  {
    method: 'get',
    route: '/api/admin/go-no-go',
    path: () => '/api/admin/go-no-go',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'get',
    route: '/api/admin/events/:id/go-no-go',
    path: () => `/api/admin/events/${eventId}/go-no-go`,
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'put',
    route: '/api/admin/events/:id/go-no-go/kind',
    path: () => `/api/admin/events/${eventId}/go-no-go/kind`,
    body: { kind: 'junior-training' },
    permission: 'events:write',
    message: 'You do not have permission to edit events.',
  },
  {
    method: 'post',
    route: '/api/admin/events/:id/go-no-go/decisions',
    path: () => `/api/admin/events/${eventId}/go-no-go/decisions`,
    body: { decision: 'go', reason: 'Fine' },
    permission: 'events:write',
    message: 'You do not have permission to edit events.',
  },
  ...(
    [
      ['get', '/api/admin/photos', '/api/admin/photos', undefined],
      ['get', '/api/admin/photos/:id/files/:file', '/api/admin/photos/some-photo/files/w320.jpg', undefined],
      ['post', '/api/admin/photos', '/api/admin/photos?caption=Sneaky', undefined],
      ['put', '/api/admin/photos/order', '/api/admin/photos/order', { ids: [] }],
      ['patch', '/api/admin/photos/:id', '/api/admin/photos/some-photo', { hidden: true }],
      ['delete', '/api/admin/photos/:id', '/api/admin/photos/some-photo', undefined],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'content:write',
    message: 'You do not have permission to manage photos.',
  })),
  {
    method: 'get',
    route: '/api/admin/work-days/:id',
    path: () => '/api/admin/work-days/spring-clean',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'get',
    route: '/api/admin/work-days/:id/signups.csv',
    path: () => '/api/admin/work-days/spring-clean/signups.csv',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  {
    method: 'post',
    route: '/api/admin/work-days',
    path: () => '/api/admin/work-days',
    body: { name: 'X', jobs: [{ title: 'Y', volunteersNeeded: '1' }] },
    permission: 'workdays:write',
    message: 'You do not have permission to change work days.',
  },
  {
    method: 'put',
    route: '/api/admin/work-days/:id',
    path: () => '/api/admin/work-days/spring-clean',
    body: { name: 'X' },
    permission: 'workdays:write',
    message: 'You do not have permission to change work days.',
  },
  {
    method: 'post',
    route: '/api/admin/work-days/:id/archive',
    path: () => '/api/admin/work-days/spring-clean/archive',
    body: { archived: true },
    permission: 'workdays:write',
    message: 'You do not have permission to change work days.',
  },
  {
    method: 'delete',
    route: '/api/admin/work-days/:id/signups/:signupId',
    path: () => '/api/admin/work-days/spring-clean/signups/signup-1',
    permission: 'workdays:write',
    message: 'You do not have permission to change work days.',
  },
  {
    method: 'post',
    route: '/api/admin/work-days/:id/signups/remove',
    path: () => '/api/admin/work-days/spring-clean/signups/remove',
    body: { signupIds: ['signup-1'] },
    permission: 'workdays:write',
    message: 'You do not have permission to change work days.',
  },
  ...(
    [
      ['get', '/api/admin/news', '/api/admin/news', undefined],
      ['get', '/api/admin/news/:id', '/api/admin/news/news-guarded', undefined],
      ['post', '/api/admin/news', '/api/admin/news', newsForm],
      ['put', '/api/admin/news/:id', '/api/admin/news/news-guarded', newsForm],
      ['delete', '/api/admin/news/:id', '/api/admin/news/news-guarded', undefined],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'content:write',
    message: 'You do not have permission to manage news.',
  })),
  ...(
    [
      ['post', '/api/admin/water-levels', '/api/admin/water-levels', { date: '01/01/2026', percentFull: '50' }],
      ['put', '/api/admin/water-levels/:date', '/api/admin/water-levels/2026-01-01', { percentFull: '51' }],
      ['delete', '/api/admin/water-levels/:date', '/api/admin/water-levels/2026-01-01', undefined],
      ['post', '/api/admin/water-levels/import/preview', '/api/admin/water-levels/import/preview', undefined],
      ['post', '/api/admin/water-levels/import', '/api/admin/water-levels/import', undefined],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'content:write',
    message: 'You do not have permission to change water levels.',
  })),
  ...(
    [
      ['get', '/api/admin/pages', '/api/admin/pages', undefined],
      ['get', '/api/admin/pages/:slug', '/api/admin/pages/beginners', undefined],
      ['put', '/api/admin/pages/:slug', '/api/admin/pages/beginners', { title: 'Guarded', body: 'Text' }],
      ['post', '/api/admin/pages/preview', '/api/admin/pages/preview', { body: 'Text' }],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'content:write',
    message: 'You do not have permission to change the club pages.',
  })),
  ...(
    [
      ['get', '/api/admin/members', '/api/admin/members', undefined],
      ['post', '/api/admin/members', '/api/admin/members', { name: 'Sneaky', email: 'sneaky@example.org', membershipType: 'Adult', renewalDate: '31/03/2027' }],
      ['patch', '/api/admin/members/:id', '/api/admin/members/member-guarded', { disabled: true }],
      ['post', '/api/admin/members/import/preview', '/api/admin/members/import/preview', undefined],
      ['post', '/api/admin/members/import', '/api/admin/members/import', undefined],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'members:write',
    message: 'You do not have permission to manage the member list.',
  })),
  {
    method: 'post',
    route: '/api/admin/documents',
    path: () => '/api/admin/documents?title=Fees&category=Club',
    permission: 'content:write',
    message: 'You do not have permission to change documents.',
  },
  {
    method: 'put',
    route: '/api/admin/documents/:id',
    path: () => '/api/admin/documents/club-rules',
    body: { title: 'Rules', description: '', category: 'Club' },
    permission: 'content:write',
    message: 'You do not have permission to change documents.',
  },
  {
    method: 'put',
    route: '/api/admin/documents/:id/file',
    path: () => '/api/admin/documents/club-rules/file',
    permission: 'content:write',
    message: 'You do not have permission to change documents.',
  },
  {
    method: 'delete',
    route: '/api/admin/documents/:id',
    path: () => '/api/admin/documents/club-rules',
    permission: 'content:write',
    message: 'You do not have permission to change documents.',
  },
  {
    method: 'get',
    route: '/api/admin/duties/lights',
    path: () => '/api/admin/duties/lights',
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  ...(
    [
      ['get', '/api/admin/duties', '/api/admin/duties', undefined],
      ...(['qualifications', 'types', 'templates'] as const).flatMap((kind) => [
        ['post', `/api/admin/duties/${kind}`, `/api/admin/duties/${kind}`, { name: 'Guarded' }] as const,
        ['put', `/api/admin/duties/${kind}/:id`, `/api/admin/duties/${kind}/guarded`, { name: 'Guarded' }] as const,
        ['delete', `/api/admin/duties/${kind}/:id`, `/api/admin/duties/${kind}/guarded`, undefined] as const,
      ]),
      ['get', '/api/admin/duties/member-qualifications', '/api/admin/duties/member-qualifications', undefined],
      ['put', '/api/admin/duties/member-qualifications/:memberId/:qualificationId', '/api/admin/duties/member-qualifications/mem-x/pb2', { expiresOn: null }],
      ['delete', '/api/admin/duties/member-qualifications/:memberId/:qualificationId', '/api/admin/duties/member-qualifications/mem-x/pb2', undefined],
      ['post', '/api/admin/duties/member-qualifications/import/preview', '/api/admin/duties/member-qualifications/import/preview', undefined],
      ['post', '/api/admin/duties/member-qualifications/import', '/api/admin/duties/member-qualifications/import', undefined],
      ['get', '/api/admin/duties/events/:eventId', '/api/admin/duties/events/some-event', undefined],
      ['post', '/api/admin/duties/events/:eventId/template', '/api/admin/duties/events/some-event/template', { templateId: 'club-race' }],
      ['post', '/api/admin/duties/events/:eventId/slots', '/api/admin/duties/events/some-event/slots', { dutyTypeId: 'galley', needed: 1, optional: true }],
      ['post', '/api/admin/duties/events/:eventId/cover-needed', '/api/admin/duties/events/some-event/cover-needed', undefined],
      ['delete', '/api/admin/duties/slots/:slotId', '/api/admin/duties/slots/some-slot', undefined],
      ['post', '/api/admin/duties/slots/:slotId/assignments', '/api/admin/duties/slots/some-slot/assignments', { memberId: 'mem-x' }],
      ['delete', '/api/admin/duties/slots/:slotId/assignments/:memberId', '/api/admin/duties/slots/some-slot/assignments/mem-x', undefined],
      ['get', '/api/admin/duties/days/:date', '/api/admin/duties/days/2026-06-20', undefined],
      ['get', '/api/admin/duties/counts', '/api/admin/duties/counts', undefined],
      ['get', '/api/admin/duties/export.csv', '/api/admin/duties/export.csv', undefined],
      ['get', '/api/admin/duties/availability', '/api/admin/duties/availability', undefined],
      ['post', '/api/admin/duties/rota-fill/preview', '/api/admin/duties/rota-fill/preview', {}],
      ['post', '/api/admin/duties/rota-fill/publish', '/api/admin/duties/rota-fill/publish', { assignments: [{ slotId: 'some-slot', memberId: 'mem-x' }] }],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'duties:write',
    message: 'You do not have permission to manage duties.',
  })),
  {
    method: 'put',
    route: '/api/admin/document-order',
    path: () => '/api/admin/document-order',
    body: { ids: ['club-rules'] },
    permission: 'content:write',
    message: 'You do not have permission to change documents.',
  },
  // Data requests (docs/privacy-requests.md).
  ...(['archive', 'erase'] as const).map((action): Guarded => ({
    method: 'post',
    route: `/api/admin/privacy/${action}`,
    path: () => `/api/admin/privacy/${action}`,
    body: { email: 'guarded@example.org' },
    permission: 'privacy:manage',
    message: "You do not have permission to manage members' data.",
  })),
  // The officer of the day's page and check-in (docs/officer-of-the-day.md).
  {
    method: 'get',
    route: '/api/admin/officer-day',
    path: () => '/api/admin/officer-day',
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  {
    method: 'post',
    route: '/api/admin/bookings/:id/attendance',
    path: () => `/api/admin/bookings/${bookingId}/attendance`,
    body: { key: '7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a11', expectedVersion: 0, arrived: 1 },
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  {
    method: 'post',
    route: '/api/admin/bookings/:id/afloat',
    path: () => `/api/admin/bookings/${bookingId}/afloat`,
    body: { key: '7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a12', personId: 'booker', afloat: false, markedAt: '2026-06-01T09:00:00.000Z' },
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  // Walk-ins: the check-in's permission.
  {
    method: 'post',
    route: '/api/admin/events/:id/walk-ins',
    path: () => `/api/admin/events/${eventId}/walk-ins`,
    body: { id: '7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a13', name: 'Wendy Walker' },
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  {
    method: 'delete',
    route: '/api/admin/walk-ins/:id',
    path: () => '/api/admin/walk-ins/7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a13',
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  {
    method: 'post',
    route: '/api/admin/walk-ins/:id/afloat',
    path: () => '/api/admin/walk-ins/7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a13/afloat',
    body: { key: '7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a14', afloat: true, markedAt: '2026-06-01T09:00:00.000Z' },
    permission: 'bookings:write',
    message: 'You do not have permission to change bookings.',
  },
  // Announcements (docs/notifications.md): events:write, or the officer's bookings:write for today's events.
  {
    method: 'post',
    route: '/api/admin/events/:id/announcements',
    path: () => `/api/admin/events/${eventId}/announcements`,
    body: { id: '7b0c2f0e-4d1a-4c5e-9f3a-2b6d8e1f0a15', audiences: ['booked'], subject: 'Guarded', text: 'Guarded words' },
    permission: 'events:write',
    message: 'You do not have permission to send announcements.',
  },
  {
    method: 'get',
    route: '/api/admin/events/:id/announcements',
    path: () => `/api/admin/events/${eventId}/announcements`,
    permission: 'events:read',
    message: 'You do not have permission to view events.',
  },
  // Members' data rights (docs/data-protection.md): the retention overview.
  {
    method: 'get',
    route: '/api/admin/retention',
    path: () => '/api/admin/retention',
    permission: 'privacy:manage',
    message: "You do not have permission to manage members' data.",
  },
  // Households of several members (docs/members-households.md).
  ...(
    [
      ['get', '/api/admin/members/:id/household', '/api/admin/members/member-guarded/household', undefined],
      ['post', '/api/admin/members/:id/household/members', '/api/admin/members/member-guarded/household/members', { email: 'sneaky@example.org' }],
      ['delete', '/api/admin/members/:id/household/members/:memberId', '/api/admin/members/member-guarded/household/members/member-guarded', undefined],
      ['put', '/api/admin/members/:id/household/contact', '/api/admin/members/member-guarded/household/contact', { memberId: 'member-guarded' }],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'members:write',
    message: 'You do not have permission to manage the member list.',
  })),
  // Membership categories and settings (docs/membership.md#administering-categories-and-settings): reading them too.
  ...(
    [
      ['get', '/api/admin/membership/categories', '/api/admin/membership/categories', undefined],
      ['post', '/api/admin/membership/categories', '/api/admin/membership/categories', { name: 'Sneaky', price: '1', dutiesPerSeason: '0' }],
      ['put', '/api/admin/membership/categories/:id', '/api/admin/membership/categories/guarded', { name: 'Sneaky', price: '1', dutiesPerSeason: '0' }],
      ['get', '/api/admin/membership/settings', '/api/admin/membership/settings', undefined],
      ['get', '/api/admin/membership/orders', '/api/admin/membership/orders', undefined],
      ['post', '/api/admin/membership/orders/:id/paid', '/api/admin/membership/orders/order-guarded/paid', { method: 'cash' }],
      ['post', '/api/admin/membership/orders/:id/cancel', '/api/admin/membership/orders/order-guarded/cancel', undefined],
      ['get', '/api/admin/membership/applications', '/api/admin/membership/applications', undefined],
      ['post', '/api/admin/membership/applications/:id/admit', '/api/admin/membership/applications/guarded/admit', undefined],
      ['post', '/api/admin/membership/applications/:id/decline', '/api/admin/membership/applications/guarded/decline', { reason: 'Sneaky' }],
      // Figures, the payments CSV and refunds (docs/membership.md#figures-refunds-and-the-csv): money needs bookings:write too (below).
      ['get', '/api/admin/membership/figures', '/api/admin/membership/figures', undefined],
      ['get', '/api/admin/membership/payments.csv', '/api/admin/membership/payments.csv', undefined],
      ['post', '/api/admin/membership/orders/:id/refund', '/api/admin/membership/orders/order-guarded/refund', undefined],
      [
        'put',
        '/api/admin/membership/settings',
        '/api/admin/membership/settings',
        { yearKind: 'rolling', renewalWindowWeeks: '2', reminderDays: '', applicationExpiryDays: '9' },
      ],
    ] as const
  ).map(([method, route, path, body]): Guarded => ({
    method,
    route,
    path: () => path,
    ...(body ? { body } : {}),
    permission: 'members:write',
    message: 'You do not have permission to manage the member list.',
  })),
];

/** Everything an admin request could change: events, admins, bookings, the audit log and the outbox. */
async function stored(): Promise<string> {
  // Read together (one after another they were 19 round trips to the Firestore emulator, twice per test).
  return JSON.stringify(
    await Promise.all([
      app.get('events').list({ order: 'asc' }),
      app.get('events').listSeries(),
      app.get('admins').list(),
      app.get('bookings').listAll(),
      app.get('audit').list({ limit: 1000 }),
      app.get('outbox').list(),
      app.get('photos').list(),
      app.get('files').list(),
      app.get('workDays').list(),
      app.get('workDays').listSignups('spring-clean'),
      app.get('campaigns').listNewsItems(),
      app.get('waterLevels').readings('1900-01-01', '2100-12-31'),
      app.get('documents').list(),
      app.get('files').list(),
      app.get('sitePages').list(),
      app.get('members').list(),
      app.get('membership').listCategories(),
      app.get('membership').getSettings(),
      app.get('conditions').getLimits(),
      app.get('conditions').getEvent(eventId),
      app.get('duties').listCatalogue('dutyTypes'),
      app.get('attendance').get(bookingId),
      app.get('attendance').listWalkIns([eventId]),
      app.get('announcements').listByEvent(eventId),
    ]),
  );
}

/** Admin routes for someone not signed in: sign-in, sign-out and the forgotten password's two steps. */
const SIGNED_OUT_ROUTES = ['post /api/admin/session', 'delete /api/admin/session', 'post /api/admin/password-reset', 'post /api/admin/password-reset/confirm'];

describe('admin endpoints refuse callers without a session or without the permission', () => {
  it('the table covers every admin route the server declares (except the signed-out ones)', () => {
    const declared = app.built.routes
      .filter((r) => r.path.startsWith('/api/admin/'))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !SIGNED_OUT_ROUTES.includes(r))
      .sort();
    expect(GUARDED.map((g) => `${g.method} ${g.route}`).sort()).toEqual(declared);
  });

  for (const g of GUARDED) {
    it(`${g.method.toUpperCase()} ${g.route}: 401 "Please sign in" without a session`, async () => {
      let req = app.agent()[g.method](g.path()).set(FETCH);
      if (g.body) req = req.send(g.body);
      const res = await req;
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please sign in' });
    });

    it(`${g.method.toUpperCase()} ${g.route}: 401 with a forged or garbage cookie`, async () => {
      for (const cookie of ['kyc_session=forged-token', 'kyc_session=', 'kyc_session=%E0%A4%A', `kyc_session=${'a'.repeat(5000)}`]) {
        let req = app.agent()[g.method](g.path()).set(FETCH).set('Cookie', cookie);
        if (g.body) req = req.send(g.body);
        expect((await req).status).toBe(401);
      }
    });

    if (g.permission !== null) {
      it(`${g.method.toUpperCase()} ${g.route}: 403 without ${g.permission}, naming it, and nothing changes`, async () => {
        const agent = app.agent();
        await signIn(agent, 'nobody@example.org');
        const before = await stored();
        let req = agent[g.method](g.path()).set(FETCH);
        if (g.body) req = req.send(g.body);
        const res = await req;
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: g.message, permission: g.permission });
        expect(await stored()).toBe(before);
      });
    } else {
      it(`${g.method.toUpperCase()} ${g.route}: allowed for a signed-in admin with no permissions`, async () => {
        const agent = app.agent();
        await signIn(agent, 'nobody@example.org');
        let req = agent[g.method](g.path()).set(FETCH);
        if (g.body) req = req.send(g.body);
        expect((await req).status).toBe(g.allowed ?? 200);
      });
    }
  }

  it('membership money (the payments CSV, refunds) needs bookings:write on top of members:write; members:write alone sees no money', async () => {
    await addAdmin(app, 'secretary-only@example.org', ['members:write']);
    const agent = app.agent();
    await signIn(agent, 'secretary-only@example.org');
    const before = await stored();
    for (const [method, path] of [
      ['get', '/api/admin/membership/payments.csv'],
      ['post', '/api/admin/membership/orders/order-guarded/refund'],
    ] as const) {
      const res = await agent[method](path).set(FETCH);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ error: 'You do not have permission to see or refund membership payments.', permission: 'bookings:write' });
    }
    const figures = await agent.get('/api/admin/membership/figures');
    expect(figures.status).toBe(200);
    expect(figures.body.money).toBeNull();
    expect(await stored()).toBe(before);
  });

  it('the password-reset steps need no session (the admin cannot sign in) and say nothing about who is an admin', async () => {
    const request = await app.agent().post('/api/admin/password-reset').set(FETCH).send({ email: 'nobody@example.org' });
    // This app has no SMTP_URL: local accounts cannot be sent a link.
    expect(request.status).toBe(404);
    expect(request.body).toEqual((await app.agent().post('/api/admin/password-reset').set(FETCH).send({ email: 'stranger@example.org' })).body);
    const confirm = await app
      .agent()
      .post('/api/admin/password-reset/confirm')
      .set(FETCH)
      .send({ token: 'a'.repeat(43), password: 'long-enough' });
    expect(confirm.status).toBe(400);
    expect(confirm.body).toEqual({ error: 'This reset link is not valid. Please ask for a new one.' });
  });

  it('an admin whose record is disabled is treated as signed out', async () => {
    const admin = await addAdmin(app, 'soon-gone@example.org');
    const agent = app.agent();
    await signIn(agent, admin.email);
    expect((await agent.get('/api/admin/dashboard')).status).toBe(200);
    await app.get('admins').update({ ...admin, disabled: true });
    expect((await agent.get('/api/admin/dashboard')).status).toBe(401);
  });
});

describe('cross-site request protection', () => {
  it('refuses a state-changing admin request without X-Requested-With: fetch, even when signed in', async () => {
    const agent = app.agent();
    await addAdmin(app, 'csrf@example.org');
    await signIn(agent, 'csrf@example.org');
    const before = (await app.get('events').list({ order: 'asc' })).length;
    const res = await agent.post('/api/admin/events').send(form);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/X-Requested-With/);
    expect((await agent.delete(`/api/admin/events/${eventId}`)).status).toBe(403);
    expect((await agent.delete('/api/admin/session')).status).toBe(403);
    expect((await agent.get('/api/admin/session')).status).toBe(200);
    expect((await app.get('events').list({ order: 'asc' })).length).toBe(before);
  });

  it('refuses sign-in without the header, so a cross-site form cannot sign anybody in', async () => {
    const res = await app.agent().post('/api/admin/session').send({ email: 'csrf@example.org', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a request whose Origin is another site, and accepts this site or no Origin', async () => {
    const agent = app.agent();
    await signIn(agent, 'csrf@example.org');
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'file://']) {
      const res = await agent.post('/api/admin/events').set(FETCH).set('Origin', origin).send(form);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Cross-site requests are not allowed');
    }
    const same = await agent.post('/api/admin/events').set(FETCH).set('Host', 'club.example:8080').set('Origin', 'https://club.example:8080').send(form);
    expect(same.status).toBe(201);
    expect((await agent.post('/api/admin/events').set(FETCH).send(form)).status).toBe(201);
  });

  it('never grants a CORS preflight', async () => {
    const res = await app
      .agent()
      .options('/api/admin/events')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-requested-with');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
  });
});
