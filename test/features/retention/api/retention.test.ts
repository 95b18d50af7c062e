import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_RUN_JOB } from '../../../../core/operations/scheduled-work';
import { ApplyRetention } from '../../../../core/privacy/apply-retention';
import type { RetentionOverview } from '../../../../core/privacy/retention-overview-schema';
import { eventually } from '../../../support/eventually';
import { aBooking } from '../../../support/entities';
import { newOutboxMessage } from '../../../../core/mail/outbox';
import { addEvent, signedInAdmin, startTestApp, type TestApp } from '../../../support/api/test-app';

let app: TestApp;

beforeAll(async () => {
  // A club that keeps booking details 18 months: the notice and the run both follow the setting.
  app = await startTestApp({ env: { RETENTION_BOOKING_DETAILS_MONTHS: '18', RETENTION_DUTY_SIGNUP_MONTHS: '12' } });
});
afterAll(async () => {
  await app.dispose();
});

const byKind = (overview: RetentionOverview) => Object.fromEntries(overview.lines.map((line) => [line.kind, line]));

describe('the privacy notice states the retention schedule from the settings', () => {
  it('GET /api/privacy/retention: one line per kind, in words, for anybody', async () => {
    const res = await app.agent().get('/api/privacy/retention');
    expect(res.status).toBe(200);
    expect(res.body.lines.map((line: { title: string; limit: string }) => `${line.title}: ${line.limit}`)).toEqual([
      'Booking details: 18 months after the event',
      'Financial records: 6 years after the booking',
      'E-mails sent: 90 days after the e-mail was written',
      'Sign-in attempts: 30 days after the attempt',
      'Lapsed members: 24 months after the renewal date, unless the member renews',
      'Waiting-list entries: 1 day after the event starts',
      'Work-day sign-ups: 24 months after the work day',
      'Duty sign-ups: 12 months after the duty',
    ]);
  });
});

describe('the nightly retention run and the Data retention page', () => {
  it('shows what is held and what the next run removes; the run removes it once, keeps the money, and says so in the audit log', async () => {
    // Records from 2023 and 2024, well past their limits on 1 June 2026 (the test clock).
    const event = await addEvent(app, {
      eventdatetime: '2024-06-11T09:00:00.000Z',
      eventenddatetime: '2024-06-11T17:00:00.000Z',
      bookingEndDate: '2024-06-10T22:00:00.000Z',
      requiresPayment: true,
      price: 1500,
    });
    const bookingId = 'old-booking';
    const booking = aBooking({
      id: bookingId,
      eventId: event.id,
      eventName: event.name,
      firstName: 'Robin',
      lastName: 'Sailwell',
      numberAttending: 2,
      userEmail: 'robin@example.org',
      boatName: 'Swift',
      submittedAt: '2024-06-01T09:00:00.000Z',
      checkoutOpenedAt: null,
      paymentRequired: true,
      paid: true,
      paymentAmount: 3000,
      paymentCurrency: 'GBP',
      paymentMethod: 'cash',
    });
    const mail = newOutboxMessage(
      'old-mail',
      'booking-confirmation',
      bookingId,
      { to: 'robin@example.org', subject: 'Your booking', text: 'Dear Robin', html: '<p>Dear Robin</p>', attachments: [] },
      new Date('2024-06-01T09:00:00.000Z'),
    );
    expect((await app.get('bookings').addIfPlacesRemain(booking, { capacity: 10, now: app.clock.now() }, [mail])).added).toBe(true);
    await app
      .get('audit')
      .append([
        {
          id: 'old-entry',
          at: '2024-06-02T09:00:00.000Z',
          actor: { kind: 'member' },
          action: 'booking.cancelled',
          recordType: 'booking',
          recordId: bookingId,
          summary: 'Robin Sailwell asked to change the boat',
          changes: [{ field: 'boatName', before: 'Swift', after: 'Swifter' }],
        },
      ]);
    await app
      .get('members')
      .create({
        id: 'lapsed-1',
        name: 'Lee Lapsed',
        email: 'lee@example.org',
        membershipType: 'Adult',
        renewalDate: '2024-03-31',
        disabled: false,
        phone: '07700 900111',
        createdAt: '2023-01-01T10:00:00.000Z',
        updatedAt: '2023-01-01T10:00:00.000Z',
      });
    await app
      .get('members')
      .create({
        id: 'current-1',
        name: 'Cam Current',
        email: 'cam@example.org',
        membershipType: 'Adult',
        renewalDate: '2027-03-31',
        disabled: false,
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-01T10:00:00.000Z',
      });
    await app.get('loginAttempts').recordFailure(['nobody@example.org'], new Date('2026-04-01T09:00:00.000Z'));
    // The old event's waiting list and duty roster, and a work day of 2024 with its volunteer.
    expect(
      await app
        .get('waitingList')
        .join(
          {
            id: 'old-wait',
            eventId: event.id,
            name: 'Wyn Waiting',
            email: 'wyn@example.org',
            places: 1,
            joinedAt: '2024-06-01T09:00:00.000Z',
            status: 'waiting',
            offeredUntil: null,
            updatedAt: '2024-06-01T09:00:00.000Z',
            memberId: null,
          },
          [],
        ),
    ).toBe(true);
    await app.get('duties').saveCatalogue('dutyTypes', { id: 'galley', name: 'Galley', description: '', qualificationIds: [] });
    await app
      .get('duties')
      .addSlots([{ id: 'old-galley', eventId: event.id, dutyTypeId: 'galley', needed: 1, optional: false, createdAt: '2024-05-01T09:00:00.000Z' }]);
    await app
      .get('duties')
      .assign({
        slotId: 'old-galley',
        memberId: 'current-1',
        eventId: event.id,
        window: { start: '2024-06-11T09:00:00.000Z', end: '2024-06-11T17:00:00.000Z' },
        assignedAt: '2024-05-02T09:00:00.000Z',
        overrideReason: 'Cam knows the galley',
      });
    await app
      .get('workDays')
      .create({
        id: 'old-work-day',
        name: 'Spring clean 2024',
        description: '',
        date: '2024-04-06T09:00:00.000Z',
        foodAvailable: false,
        active: true,
        tools: '',
        notes: '',
        jobs: [{ id: 'paint', title: 'Painting', description: '', volunteersNeeded: 5 }],
      });
    const signup = {
      id: 'old-signup',
      workDayId: 'old-work-day',
      firstName: 'Val',
      lastName: 'Painter',
      selectedJobs: ['paint'],
      otherJob: '',
      notes: 'Val brings brushes',
      bringingTools: true,
      wantsFood: false,
      submittedAt: '2024-04-01T09:00:00.000Z',
      email: 'val@example.org',
    };
    await app.get('workDays').addSignup(signup);
    // Audit entries of 2024 naming people who left: a volunteer who withdrew, a waiting person an admin removed, a member taken off a duty.
    const admin2024 = { kind: 'admin' as const, uid: 'admin-2024', email: 'admin2024@example.org' };
    await app.get('audit').append([
      {
        id: 'gone-volunteer',
        at: '2024-04-02T09:00:00.000Z',
        actor: { kind: 'member' },
        action: 'workDay.signup-withdrawn',
        recordType: 'workDay',
        recordId: 'old-work-day',
        summary: 'Pat Gone withdrew through the e-mailed link (sign-up s-9)',
        changes: [{ field: 'signup', before: 'Pat Gone', after: null }],
      },
      {
        id: 'gone-waiting',
        at: '2024-06-02T09:00:00.000Z',
        actor: admin2024,
        action: 'waitlist.removed',
        recordType: 'event',
        recordId: event.id,
        summary: 'Removed Quin Left <quin@example.org> (2 places wanted) from the waiting list',
        changes: [{ field: 'waitlist', before: 'waiting', after: 'left' }],
      },
      {
        id: 'gone-holder',
        at: '2024-05-03T09:00:00.000Z',
        actor: admin2024,
        action: 'duty.unassigned',
        recordType: 'duty',
        recordId: 'old-galley',
        summary: 'Took Dee Former off a duty',
        changes: [{ field: 'memberId', before: 'member-dee', after: null }],
      },
    ]);
    const before = await app.get('bookings').get(bookingId);
    const revenueBefore = (await app.get('bookings').listAll()).reduce((sum, b) => sum + (b.paid ? (b.paymentAmount ?? 0) : 0), 0);

    const privacy = await signedInAdmin(app, 'privacy@example.org', ['privacy:manage']);
    const page = await privacy.get('/api/admin/retention');
    expect(page.status).toBe(200);
    const overview = page.body as RetentionOverview;
    // The next run: 03:00 London (02:00 UTC in summer) the coming night.
    expect(overview.nextRunAt).toBe('2026-06-02T02:00:00.000Z');
    const lines = byKind(overview);
    expect(lines.bookingDetails).toMatchObject({ count: 1, oldest: '2024-06-11T09:00:00.000Z', nextRunRemoves: 1, limit: '18 months after the event' });
    expect(lines.financialRecords).toMatchObject({ count: 1, oldest: '2024-06-01T09:00:00.000Z', nextRunRemoves: 0 });
    expect(lines.outboxBodies).toMatchObject({ count: 1, nextRunRemoves: 1 });
    expect(lines.signInAttempts).toMatchObject({ nextRunRemoves: 1 });
    expect(lines.lapsedMembers).toMatchObject({ count: 2, oldest: '2024-03-31', nextRunRemoves: 1 });
    expect(lines.waitingListEntries).toMatchObject({ count: 1, oldest: '2024-06-11T09:00:00.000Z', nextRunRemoves: 1, action: 'delete' });
    expect(lines.workDaySignups).toMatchObject({ count: 1, oldest: '2024-04-06T09:00:00.000Z', nextRunRemoves: 1, action: 'anonymise' });
    expect(lines.dutySignups).toMatchObject({ count: 1, oldest: '2024-06-11T09:00:00.000Z', nextRunRemoves: 1, limit: '12 months after the duty' });
    expect(JSON.stringify(overview)).not.toMatch(/Robin|robin@|Lee Lapsed|Wyn Waiting|Val Painter|Cam knows/);

    // The server scheduled the nightly job at its start; its round runs it when due, once, and it is due again the next night.
    await eventually(async () => (await app.get('jobs').get(RETENTION_RUN_JOB))?.dueAt).toBe('2026-06-02T02:00:00.000Z');
    app.clock.set('2026-06-02T02:00:00.000Z');
    await eventually(async () => (await app.get('jobs').get(RETENTION_RUN_JOB))?.nextAttemptAt).toBe('2026-06-03T02:00:00.000Z');

    const after = await app.get('bookings').get(bookingId);
    expect(after).toEqual({ ...before, firstName: 'Anonymised', lastName: 'person', userEmail: null, boatName: null });
    expect(await app.get('members').get('lapsed-1')).toMatchObject({ name: 'Anonymised', email: 'anonymised+lapsed-1@invalid.invalid' });
    expect((await app.get('members').get('lapsed-1'))?.phone).toBeUndefined();
    expect(await app.get('members').get('current-1')).toMatchObject({ name: 'Cam Current', email: 'cam@example.org' });
    const kept = await app.get('outbox').get('old-mail');
    expect(kept).toMatchObject({ kind: 'booking-confirmation', recordId: bookingId, status: mail.status, createdAt: mail.createdAt });
    expect(JSON.stringify(kept)).not.toMatch(/Robin|robin@example\.org/);
    expect(await app.get('loginAttempts').countSince('nobody@example.org', new Date(0))).toBe(0);
    expect((await app.get('bookings').listAll()).reduce((sum, b) => sum + (b.paid ? (b.paymentAmount ?? 0) : 0), 0)).toBe(revenueBefore);
    expect(await app.get('waitingList').get('old-wait')).toBeNull();
    expect(await app.get('workDays').listSignups('old-work-day')).toEqual([{ ...signup, firstName: 'Anonymised', lastName: 'person', email: null, notes: '' }]);
    // The roster still shows its duty held once, by nobody named.
    const dutiesAdmin = await signedInAdmin(app, 'rosters@example.org', ['duties:write']);
    const roster = (await dutiesAdmin.get(`/api/admin/duties/events/${event.id}`)).body as {
      slots: { holders: { name: string; overrideReason: string | null }[] }[];
    };
    expect(roster.slots[0].holders).toMatchObject([{ name: 'Anonymised', overrideReason: null }]);
    expect(await app.get('duties').listMemberDuties('current-1')).toEqual([]);
    const audit = await app.get('audit').list({ limit: 100 });
    expect(JSON.stringify(audit)).not.toMatch(/Robin|robin@example\.org|Lee Lapsed|Pat Gone|Quin Left|quin@example\.org|Dee Former|member-dee/);
    expect(audit.find((entry) => entry.id === 'gone-waiting')?.summary).toMatch(
      /^Removed Person [0-9a-f]{12} <Person [0-9a-f]{12}> \(2 places wanted\) from the waiting list$/,
    );
    const run = audit.find((entry) => entry.action === 'retention.applied');
    expect(run?.actor).toEqual({ kind: 'system' });
    expect(Object.fromEntries(run?.changes.map((change) => [change.field, change.after]) ?? [])).toMatchObject({
      bookingDetails: 1,
      lapsedMembers: 1,
      waitingListEntries: 1,
      workDaySignups: 1,
      dutySignups: 1,
      auditEntries: 3,
    });

    // Signed in again: a day on, the first session has ended.
    const later = await signedInAdmin(app, 'privacy-later@example.org', ['privacy:manage']);
    const afterRun = byKind((await later.get('/api/admin/retention')).body as RetentionOverview);
    expect(Object.values(afterRun).map((line) => line.nextRunRemoves)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(afterRun.bookingDetails.count).toBe(0);

    // Idempotent: again at the same clock, nothing changes and the counts are zero.
    const again = await app.built.ports.useCase(ApplyRetention).execute();
    expect(Object.values(again)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await app.get('bookings').get(bookingId)).toEqual(after);
  });
});
