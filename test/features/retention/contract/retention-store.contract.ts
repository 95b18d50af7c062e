import fc from 'fast-check';
import { expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { HmacPseudonyms } from '../../../../adapters/node-crypto/hmac-pseudonyms';
import type { LoginAttemptStore } from '../../../../core/admins/login-attempt-store.port';
import type { AuditEntry } from '../../../../core/audit/audit';
import type { AuditLog } from '../../../../core/audit/audit-log.port';
import { recordAdminAction } from '../../../../core/audit/audit-trail';
import type { Booking } from '../../../../core/bookings/booking';
import type { BookingRepository } from '../../../../core/bookings/booking-repository.port';
import type { EventRepository } from '../../../../core/events/event-repository.port';
import type { OutboxMessage } from '../../../../core/mail/mail';
import { newOutboxMessage } from '../../../../core/mail/outbox';
import type { Outbox } from '../../../../core/mail/outbox.port';
import type { Member } from '../../../../core/members/member';
import type { MemberRepository } from '../../../../core/members/member-repository.port';
import { ApplyRetention } from '../../../../core/privacy/apply-retention';
import {
  DEFAULT_RETENTION,
  DELETED_MAIL_TEXT,
  RETENTION_KINDS,
  anonymisedEmail,
  retentionCutoff,
  retentionRemoves,
} from '../../../../core/privacy/retention-schedule';
import { ANONYMISED_LAST_NAME, ANONYMISED_NAME } from '../../../../core/shared/anonymised';
import type { AttendanceStore } from '../../../../core/check-in/attendance-store.port';
import type { RetentionStore } from '../../../../core/privacy/retention-store.port';
import { isAnonymisedHolder } from '../../../../core/duties/anonymised-holder';
import type { DutyAssignment } from '../../../../core/duty-rosters/duty-roster';
import type { DutyRepository } from '../../../../core/duties/duty-repository.port';
import type { DutySwapRepository } from '../../../../core/duties/duty-swap-repository.port';
import { SWAP_AUDIT_SUMMARIES, swapAuditChanges, type DutySwap } from '../../../../core/duties/duty-swaps';
import type { WaitingList } from '../../../../core/waiting-list/waiting-list.port';
import type { WaitingListEntry } from '../../../../core/waiting-list/waiting-list-entry';
import type { WorkDay, WorkDaySignup } from '../../../../core/work-days/work-day';
import { recordSignupRemoval } from '../../../../core/work-days/remove-work-day-signup';
import type { WorkDayRepository } from '../../../../core/work-days/work-day-repository.port';
import { describeContract, type AdapterFactory } from '../../../support/contract/storage-fixtures';
import { aBooking, anAdmin, anEvent } from '../../../support/entities';

/** The retention store with the ports of the same storage that hold the records it changes. */
export interface RetentionFixture {
  retention: RetentionStore;
  events: EventRepository;
  bookings: BookingRepository;
  members: MemberRepository;
  outbox: Outbox;
  loginAttempts: LoginAttemptStore;
  audit: AuditLog;
  waitingList: WaitingList;
  workDays: WorkDayRepository;
  duties: DutyRepository;
  dutySwaps: DutySwapRepository;
  /** The officer's walk-ins, erased with their event's booking details. */
  attendance: AttendanceStore;
}

const NOW = new Date('2029-03-15T03:00:00.000Z');
const DAY = 86_400_000;
const pseudonyms = new HmacPseudonyms('a-test-secret-of-at-least-32-characters');

/** What the records hold that no retention run may change: the number of bookings, attendees and the money. */
function totals(bookings: readonly Booking[]): { bookings: number; attendees: number; revenue: number; references: string[] } {
  return {
    bookings: bookings.length,
    attendees: bookings.reduce((sum, b) => sum + b.numberAttending, 0),
    revenue: bookings.reduce((sum, b) => sum + (b.paid ? (b.paymentAmount ?? 0) - (b.refundAmount ?? 0) : 0), 0),
    references: bookings.map((b) => `${b.id}:${b.reference ?? ''}:${b.paymentAmount ?? ''}:${b.submittedAt}`).sort(),
  };
}

/** One generated world: records dated some days before (negative) or after NOW. */
const worldArb = fc.record({
  events: fc.array(
    fc.record({
      daysAgo: fc.integer({ min: 0, max: 1200 }),
      bookings: fc.array(fc.record({ email: fc.boolean(), paid: fc.boolean(), boat: fc.boolean() }), { maxLength: 3 }),
      waiting: fc.integer({ min: 0, max: 2 }),
      /** Members holding the event's one duty slot; the first assigned with an override reason when `overridden`. */
      holders: fc.integer({ min: 0, max: 2 }),
      overridden: fc.boolean(),
    }),
    { maxLength: 4 },
  ),
  workDays: fc.array(
    fc.record({ daysAgo: fc.integer({ min: 0, max: 1200 }), signups: fc.array(fc.record({ email: fc.boolean(), notes: fc.boolean() }), { maxLength: 2 }) }),
    { maxLength: 3 },
  ),
  members: fc.array(fc.integer({ min: -100, max: 1200 }), { maxLength: 4 }),
  messages: fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 4 }),
  attempts: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 4 }),
});

type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

export function describeRetentionStoreContract(name: string, makeFixture: AdapterFactory<RetentionFixture>, options: { runs: number }): void {
  describeContract('RetentionStore', name, makeFixture, (store) => {
    it('after a run, no record past its limit holds personal data, totals stay, and a second run changes nothing', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(worldArb, async (world) => {
          run += 1;
          // A fresh storage per run: records written later but dated earlier than a past run's are not what a store meets.
          const fresh = await makeFixture();
          try {
            await checkRun(fresh.adapter, world, run);
          } finally {
            await fresh.close();
          }
        }),
        { numRuns: options.runs },
      );
    });

    it('says what it holds per kind: how many, the oldest, and how many are past a cutoff', async () => {
      const s = store();
      await s.events.create(
        anEvent({ id: 'old', eventdatetime: '2026-01-10T10:00:00.000Z', eventenddatetime: '2026-01-10T12:00:00.000Z', bookingEndDate: null }),
      );
      await s.events.create(
        anEvent({ id: 'new', eventdatetime: '2029-01-10T10:00:00.000Z', eventenddatetime: '2029-01-10T12:00:00.000Z', bookingEndDate: null }),
      );
      await s.bookings.addIfPlacesRemain(
        aBooking({
          id: 'b-old',
          eventId: 'old',
          submittedAt: '2026-01-01T10:00:00.000Z',
          checkoutOpenedAt: null,
          paymentRequired: true,
          paid: true,
          paymentAmount: 500,
          paymentCurrency: 'GBP',
          paymentMethod: 'cash',
        }),
        { capacity: 10, now: NOW },
      );
      await s.bookings.addIfPlacesRemain(aBooking({ id: 'b-new', eventId: 'new', submittedAt: '2029-01-01T10:00:00.000Z', checkoutOpenedAt: null }), {
        capacity: 10,
        now: NOW,
      });
      const cutoff = retentionCutoff('bookingDetails', DEFAULT_RETENTION, NOW);
      expect(await s.retention.holding('bookingDetails', cutoff)).toEqual({ count: 2, oldest: '2026-01-10T10:00:00.000Z', due: 1 });
      expect(await s.retention.holding('financialRecords', retentionCutoff('financialRecords', DEFAULT_RETENTION, NOW))).toEqual({
        count: 1,
        oldest: '2026-01-01T10:00:00.000Z',
        due: 0,
      });
      expect(await s.retention.apply('financialRecords', cutoff, 10, () => ({ texts: [], pseudonym: 'x' }))).toBe(0);
      expect(await s.retention.holding('lapsedMembers', retentionCutoff('lapsedMembers', DEFAULT_RETENTION, NOW))).toEqual({ count: 0, oldest: null, due: 0 });
      expect(await s.retention.apply('bookingDetails', cutoff, 10, (person) => ({ texts: person.texts, pseudonym: 'Person x' }))).toBe(1);
      expect(await s.retention.holding('bookingDetails', cutoff)).toEqual({ count: 1, oldest: '2029-01-10T10:00:00.000Z', due: 0 });
    });

    it('erases the walk-ins of events past the booking-details limit with them, once', async () => {
      const s = store();
      const cutoff = retentionCutoff('bookingDetails', DEFAULT_RETENTION, NOW);
      for (const [eventId, start] of [
        ['old', '2026-01-10T10:00:00.000Z'],
        ['new', '2029-01-10T10:00:00.000Z'],
      ] as const) {
        await s.events.create(
          anEvent({ id: eventId, eventdatetime: start, eventenddatetime: new Date(Date.parse(start) + 3_600_000).toISOString(), bookingEndDate: null }),
        );
        await s.attendance.addWalkIn({
          id: `w-${eventId}`,
          eventId,
          name: 'Wendy Walker',
          phone: '07700 900123',
          emergencyContactName: 'Walt',
          emergencyContactPhone: '999',
          addedAt: start,
          addedBy: 'o@club.example',
          afloat: null,
        });
      }
      // Held as long as the event's bookings' details, and shown with them.
      expect(await s.retention.holding('bookingDetails', cutoff)).toEqual({ count: 2, oldest: '2026-01-10T10:00:00.000Z', due: 1 });
      expect(await s.retention.apply('bookingDetails', cutoff, 10, (person) => ({ texts: person.texts, pseudonym: 'Person x' }))).toBe(1);
      expect((await s.attendance.listWalkIns(['old', 'new'])).map((w) => w.id)).toEqual(['w-new']);
      expect(await s.retention.holding('bookingDetails', cutoff)).toEqual({ count: 1, oldest: '2029-01-10T10:00:00.000Z', due: 0 });
      // Erased, not forgotten: the adding sent again is still known, and brings nothing back.
      expect(
        await s.attendance.addWalkIn({
          id: 'w-old',
          eventId: 'old',
          name: 'Wendy Walker',
          phone: null,
          emergencyContactName: null,
          emergencyContactPhone: null,
          addedAt: NOW.toISOString(),
          addedBy: 'o',
          afloat: null,
        }),
      ).toEqual({ result: 'repeated', walkIn: null });
      expect(await s.retention.apply('bookingDetails', cutoff, 10, (person) => ({ texts: person.texts, pseudonym: 'Person x' }))).toBe(0);
    });

    it("counts a duty's swap requests with its holders, and deletes those of duties past the limit", async () => {
      const s = store();
      const cutoff = retentionCutoff('dutySignups', DEFAULT_RETENTION, NOW);
      for (const [eventId, start] of [
        ['old', '2026-01-10T10:00:00.000Z'],
        ['new', '2029-01-10T10:00:00.000Z'],
      ]) {
        const window = { start, end: new Date(Date.parse(start) + 3_600_000).toISOString() };
        await s.events.create(anEvent({ id: eventId, eventdatetime: window.start, eventenddatetime: window.end, bookingEndDate: null }));
        await s.duties.addSlots([
          { id: `slot-${eventId}`, eventId, dutyTypeId: 'safety-boat', needed: 1, optional: false, createdAt: '2025-12-01T00:00:00.000Z' },
        ]);
        await s.duties.assign({
          slotId: `slot-${eventId}`,
          memberId: `m-${eventId}`,
          eventId,
          window,
          assignedAt: '2025-12-01T00:00:00.000Z',
          overrideReason: null,
        });
        await s.dutySwaps.create({
          id: `swap-${eventId}`,
          slotId: `slot-${eventId}`,
          eventId,
          fromMemberId: `m-${eventId}`,
          toMemberId: null,
          window,
          createdAt: '2025-12-02T00:00:00.000Z',
          status: 'open',
          takenBy: null,
          takenAt: null,
        });
      }
      expect(await s.retention.holding('dutySignups', cutoff)).toEqual({ count: 4, oldest: '2026-01-10T10:00:00.000Z', due: 2 });
      expect(await s.retention.apply('dutySignups', cutoff, 10, (person) => ({ texts: person.texts, pseudonym: 'Person 0123456789ab' }))).toBe(2);
      expect(await s.dutySwaps.get('swap-old')).toBeNull();
      expect(await s.dutySwaps.get('swap-new')).toMatchObject({ fromMemberId: 'm-new', status: 'open' });
      expect(await s.retention.holding('dutySignups', cutoff)).toEqual({ count: 2, oldest: '2029-01-10T10:00:00.000Z', due: 0 });
    });
  });
}

/** One run of the property: seeds the world, runs the retention twice at NOW, and checks what a member or an auditor would. */
async function checkRun(s: RetentionFixture, world: World, run: number): Promise<void> {
  const id = (what: string, i: number, j = 0) => `r${run}-${what}-${i}-${j}`;
  const dayAgo = (days: number) => new Date(NOW.getTime() - days * DAY - 3_600_000);
  const seeded: Booking[] = [];
  const waiting: WaitingListEntry[] = [];
  const duties: DutyAssignment[] = [];
  const swaps: DutySwap[] = [];
  const signups: WorkDaySignup[] = [];
  /** Audit entries about a work day, an event or a duty that name a person (as the use cases write them), with the texts that name them and their pseudonym's key. */
  const named: { id: string; texts: string[]; key: string }[] = [];
  const admin = anAdmin({ email: 'admin@club.example', name: 'Ada Admin', permissions: [] });
  const written = async (
    at: Date,
    write: (deps: { audit: AuditLog; ids: { next: () => string }; clock: FixedClock }) => Promise<void>,
    texts: string[],
    key: string,
  ) => {
    const entryId = id('named', named.length);
    await write({ audit: s.audit, ids: { next: () => entryId }, clock: new FixedClock(at) });
    named.push({ id: entryId, texts, key });
  };
  for (const [i, event] of world.events.entries()) {
    const start = dayAgo(event.daysAgo);
    await s.events.create(
      anEvent({
        id: id('event', i),
        eventdatetime: start.toISOString(),
        eventenddatetime: new Date(start.getTime() + 3_600_000).toISOString(),
        bookingEndDate: null,
        capacity: null,
      }),
    );
    for (const [j, b] of event.bookings.entries()) {
      const booking = aBooking({
        id: id('booking', i, j),
        eventId: id('event', i),
        firstName: `Sam${run}${i}${j}`,
        lastName: `Sailor${run}${i}${j}`,
        userEmail: b.email ? `${id('sailor', i, j)}@example.org` : null,
        boatName: b.boat ? `Boat${run}${i}${j}` : null,
        submittedAt: new Date(start.getTime() - 7 * DAY).toISOString(),
        checkoutOpenedAt: null,
        ...(b.paid ? { paymentRequired: true, paid: true, paymentAmount: 1250, paymentCurrency: 'GBP', paymentMethod: 'cash' as const } : {}),
      });
      await s.bookings.addIfPlacesRemain(booking, { capacity: 100, now: NOW });
      seeded.push(booking);
      await s.audit.append([
        {
          id: id('audit', i, j),
          at: booking.submittedAt,
          actor: { kind: 'member' },
          action: 'booking.changed',
          recordType: 'booking',
          recordId: booking.id,
          summary: `Booked by ${booking.firstName} ${booking.lastName}${booking.userEmail ? ` <${booking.userEmail}>` : ''}`,
          changes: [{ field: 'firstName', before: null, after: booking.firstName }],
        },
      ]);
    }
    for (let j = 0; j < event.waiting; j += 1) {
      const entry: WaitingListEntry = {
        id: id('wait', i, j),
        eventId: id('event', i),
        name: `Wendy Waiter${run}${i}${j}`,
        email: `${id('waiter', i, j)}@example.org`,
        places: 1,
        joinedAt: new Date(start.getTime() - DAY).toISOString(),
        status: 'waiting',
        offeredUntil: null,
        updatedAt: new Date(start.getTime() - DAY).toISOString(),
        memberId: null,
      };
      expect(await s.waitingList.join(entry, [])).toBe(true);
      waiting.push(entry);
      // An admin removed them, or offered places by hand, the day they joined.
      const at = new Date(Date.parse(entry.joinedAt) + 3_600_000);
      const summary =
        j === 0
          ? `Removed ${entry.name} <${entry.email}> (${entry.places} places wanted) from the waiting list`
          : `Offered ${entry.places} places by hand to ${entry.name} <${entry.email}>`;
      await written(
        at,
        (deps) =>
          deps.audit.append([
            {
              id: deps.ids.next(),
              at: at.toISOString(),
              actor: { kind: 'admin', uid: admin.uid, email: admin.email },
              action: j === 0 ? 'waitlist.removed' : 'waitlist.offered',
              recordType: 'event',
              recordId: entry.eventId,
              summary,
              changes: [{ field: 'waitlist', before: 'waiting', after: j === 0 ? 'left' : 'offered' }],
            },
          ]),
        [entry.name, entry.email],
        entry.email,
      );
    }
    if (event.holders > 0) {
      const window = { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() };
      await s.duties.addSlots([
        {
          id: id('slot', i),
          eventId: id('event', i),
          dutyTypeId: 'safety-boat',
          needed: 2,
          optional: false,
          createdAt: new Date(start.getTime() - 30 * DAY).toISOString(),
        },
      ]);
      for (let j = 0; j < event.holders; j += 1) {
        const assignment: DutyAssignment = {
          slotId: id('slot', i),
          memberId: id('m', i, j),
          eventId: id('event', i),
          window,
          assignedAt: new Date(start.getTime() - 20 * DAY).toISOString(),
          overrideReason: event.overridden && j === 0 ? `Dana knows the boat ${run}` : null,
        };
        await s.duties.assign(assignment);
        duties.push(assignment);
        const holder = `Hal Holder${run}${i}${j}`;
        await written(
          new Date(assignment.assignedAt),
          (deps) =>
            recordAdminAction(deps, admin, {
              action: assignment.overrideReason ? 'duty.assigned-override' : 'duty.assigned',
              recordType: 'duty',
              recordId: id('slot', i),
              summary: assignment.overrideReason
                ? `Assigned ${holder} to Safety boat at Race ${i}, not eligible (no Powerboat 2); reason: ${assignment.overrideReason}`
                : `Assigned ${holder} to Safety boat at Race ${i}`,
              before: { memberId: null },
              after: { memberId: assignment.memberId, overrideReason: assignment.overrideReason },
            }),
          [holder, assignment.memberId, ...(assignment.overrideReason ? [assignment.overrideReason] : [])],
          holder,
        );
        // An earlier holder an admin took off the duty.
        const name = `Dana Duty${run}${i}${j}`;
        const memberId = id('gone', i, j);
        await written(
          new Date(start.getTime() - 10 * DAY),
          (deps) =>
            recordAdminAction(deps, admin, {
              action: 'duty.unassigned',
              recordType: 'duty',
              recordId: id('slot', i),
              summary: `Took ${name} off a duty`,
              before: { memberId },
              after: { memberId: null },
            }),
          [name, memberId],
          name,
        );
      }
      // The first holder asks for a swap of the duty; an earlier swap of it was taken over, from one member by another.
      const swap: DutySwap = {
        id: id('swap', i),
        slotId: id('slot', i),
        eventId: id('event', i),
        fromMemberId: id('m', i, 0),
        toMemberId: null,
        window,
        createdAt: new Date(start.getTime() - 15 * DAY).toISOString(),
        status: 'open',
        takenBy: null,
        takenAt: null,
      };
      await s.dutySwaps.create(swap);
      swaps.push(swap);
      const [giver, taker] = [`Gil Giver${run}${i}`, `Tam Taker${run}${i}`];
      const [giverId, takerId] = [id('giver', i), id('taker', i)];
      const takenAt = new Date(start.getTime() - 12 * DAY);
      await written(
        takenAt,
        (deps) =>
          deps.audit.append([
            {
              id: deps.ids.next(),
              at: takenAt.toISOString(),
              actor: { kind: 'member' },
              action: 'duty.swap-taken',
              recordType: 'duty',
              recordId: id('slot', i),
              summary: SWAP_AUDIT_SUMMARIES.taken(taker, 'Safety boat', `Race ${i}`, giver),
              // As DutySwapRequests writes it (the swap taken over from the giver by the taker).
              changes: swapAuditChanges(
                { ...swap, id: id('old-swap', i), fromMemberId: giverId, status: 'taken', takenBy: takerId, takenAt: takenAt.toISOString() },
                { member: taker, other: giver },
              ),
            },
          ]),
        [giver, taker, giverId, takerId],
        taker,
      );
    }
  }
  for (const [i, workDay] of world.workDays.entries()) {
    const date = dayAgo(workDay.daysAgo).toISOString();
    const day: WorkDay = {
      id: id('workday', i),
      name: `Spring clean ${i}`,
      description: '',
      date,
      foodAvailable: true,
      active: true,
      tools: '',
      notes: '',
      jobs: [{ id: 'paint', title: 'Painting', description: '', volunteersNeeded: 10 }],
    };
    await s.workDays.create(day);
    for (const [j, v] of workDay.signups.entries()) {
      const signup: WorkDaySignup = {
        id: id('signup', i, j),
        workDayId: id('workday', i),
        firstName: `Vic${run}${i}${j}`,
        lastName: `Volunteer${run}${i}${j}`,
        selectedJobs: ['paint'],
        otherJob: v.notes ? `Mend Vic's dinghy ${run}` : '',
        notes: v.notes ? `Vic${run}${i}${j} is vegetarian` : '',
        bringingTools: false,
        wantsFood: true,
        submittedAt: new Date(Date.parse(date) - 7 * DAY).toISOString(),
        email: v.email ? `${id('volunteer', i, j)}@example.org` : null,
      };
      await s.workDays.addSignup(signup);
      signups.push(signup);
      // An earlier volunteer who withdrew through their link, or whom an admin removed.
      const gone = { ...signup, id: id('gone-signup', i, j), firstName: `Wes${run}${i}${j}`, lastName: `Withdrawn${run}${i}${j}` };
      const name = `${gone.firstName} ${gone.lastName}`;
      const at = new Date(Date.parse(date) - 3 * DAY);
      await written(
        at,
        (deps) =>
          j === 0
            ? recordSignupRemoval(deps, admin, day, gone)
            : deps.audit.append([
                {
                  id: deps.ids.next(),
                  at: at.toISOString(),
                  actor: { kind: 'member' },
                  action: 'workDay.signup-withdrawn',
                  recordType: 'workDay',
                  recordId: id('workday', i),
                  summary: `${name} withdrew through the e-mailed link (sign-up ${gone.id})`,
                  changes: [{ field: 'signup', before: name, after: null }],
                },
              ]),
        [gone.firstName, gone.lastName, ...(gone.otherJob ? [gone.otherJob] : [])],
        name,
      );
    }
  }
  const members: Member[] = world.members.map((daysAgo, i) => ({
    id: id('member', i),
    name: `Morgan Member${run}${i}`,
    email: `${id('member', i)}@example.org`,
    membershipType: 'Full',
    renewalDate: dayAgo(daysAgo).toISOString().slice(0, 10),
    disabled: false,
    phone: '07700 900123',
    emergencyContactName: `Kin${run}${i}`,
    emergencyContactPhone: '07700 900456',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }));
  for (const member of members) await s.members.create(member);
  const messages: OutboxMessage[] = world.messages.map((daysAgo, i) =>
    newOutboxMessage(
      id('mail', i),
      'booking-confirmation',
      null,
      { to: `${id('to', i)}@example.org`, subject: 'Your booking', text: 'Dear Sam', html: '<p>Dear Sam</p>', attachments: [] },
      dayAgo(daysAgo),
    ),
  );
  await s.outbox.add(messages);
  for (const [i, daysAgo] of world.attempts.entries()) await s.loginAttempts.recordFailure([id('key', i)], dayAgo(daysAgo));
  const seededAudit = await s.audit.list({ limit: 1000 });
  const naming = named.map((one) => ({ ...one, entry: seededAudit.find((e) => e.id === one.id)! }));
  expect(naming.every((one) => one.entry !== undefined)).toBe(true);
  const before = totals(await s.bookings.listAll());
  let runIds = 0;

  const apply = new ApplyRetention({
    retention: s.retention,
    personalData: { dropOldCopies: async () => {} },
    households: { removeInvitationsMadeBefore: async () => 0 },
    availability: { removeSeasonsBefore: async () => 0 },
    membership: { getSettings: async () => null },
    members: s.members,
    duties: s.duties,
    events: s.events,
    admins: { list: async () => [] },
    siteSettings: { clubName: 'KYC', publicBaseUrl: 'https://club.example' },
    audit: s.audit,
    pseudonyms,
    clock: new FixedClock(NOW),
    ids: { next: () => `run${run}-${(runIds += 1) === 1 ? 'first' : 'second'}` },
    retentionSchedule: DEFAULT_RETENTION,
    retentionRunHour: 3,
  });
  await apply.execute();

  const cut = (kind: (typeof RETENTION_KINDS)[number]) => retentionCutoff(kind, DEFAULT_RETENTION, NOW);
  for (const booking of seeded) {
    const start = (await s.events.get(booking.eventId))?.eventdatetime ?? '';
    const stored = await s.bookings.get(booking.id);
    if (Date.parse(start) < cut('bookingDetails').instant.getTime()) {
      expect(stored).toMatchObject({ firstName: ANONYMISED_NAME, lastName: ANONYMISED_LAST_NAME, userEmail: null, boatName: null });
      const [entry] = await s.audit.list({ recordId: booking.id, limit: 10 });
      expect(JSON.stringify(entry)).not.toContain(booking.firstName);
      expect(entry.summary).toContain(pseudonyms.of(booking.userEmail ?? `booking:${booking.id}`));
    } else {
      expect(stored).toMatchObject({ firstName: booking.firstName, lastName: booking.lastName, userEmail: booking.userEmail, boatName: booking.boatName });
    }
  }
  for (const member of members) {
    const stored = await s.members.get(member.id);
    if (member.renewalDate < cut('lapsedMembers').day) {
      expect(stored).toEqual({
        ...member,
        name: ANONYMISED_NAME,
        email: anonymisedEmail(member.id),
        phone: undefined,
        emergencyContactName: undefined,
        emergencyContactPhone: undefined,
      });
    } else expect(stored).toEqual(member);
  }
  for (const message of messages) {
    const stored = await s.outbox.get(message.id);
    if (Date.parse(message.createdAt) < cut('outboxBodies').instant.getTime()) {
      expect(stored?.mail).toEqual({ to: pseudonyms.of(message.mail.to), subject: message.mail.subject, text: DELETED_MAIL_TEXT, html: '', attachments: [] });
      expect(stored?.status).toBe(message.status);
    } else expect(stored).toEqual(message);
  }
  for (const [i, daysAgo] of world.attempts.entries()) {
    const kept = dayAgo(daysAgo).getTime() >= cut('signInAttempts').instant.getTime() ? 1 : 0;
    expect(await s.loginAttempts.countSince(id('key', i), new Date(0))).toBe(kept);
  }
  for (const entry of waiting) {
    const start = (await s.events.get(entry.eventId))?.eventdatetime ?? '';
    const stored = await s.waitingList.get(entry.id);
    if (Date.parse(start) < cut('waitingListEntries').instant.getTime()) expect(stored).toBeNull();
    else expect(stored).toEqual(entry);
  }
  for (const signup of signups) {
    const date = (await s.workDays.get(signup.workDayId))?.date ?? '';
    const stored = (await s.workDays.listSignups(signup.workDayId)).find((other) => other.id === signup.id);
    if (Date.parse(date) < cut('workDaySignups').instant.getTime()) {
      expect(stored).toEqual({ ...signup, firstName: ANONYMISED_NAME, lastName: ANONYMISED_LAST_NAME, email: null, notes: '', otherJob: '' });
      if (signup.email) expect(await s.workDays.listSignupsByEmail(signup.email, 10)).toEqual([]);
    } else expect({ ...stored, email: stored?.email ?? null }).toEqual(signup);
  }
  for (const duty of duties) {
    const [slot] = await s.duties.listSlots(duty.eventId);
    if (Date.parse(duty.window.start) < cut('dutySignups').instant.getTime()) {
      // The roster keeps how many held the slot, and when; no holder is a member any more.
      expect(
        slot.holders.every((holder) => isAnonymisedHolder(holder.memberId) && holder.overrideReason === null && holder.window.start === duty.window.start),
      ).toBe(true);
      expect(await s.duties.listMemberDuties(duty.memberId)).toEqual([]);
    } else expect(slot.holders.find((holder) => holder.memberId === duty.memberId)).toEqual(duty);
  }
  for (const swap of swaps) {
    // A swap request goes with its duty's holders: nothing is left of who asked.
    if (Date.parse(swap.window.start) < cut('dutySignups').instant.getTime()) expect(await s.dutySwaps.get(swap.id)).toBeNull();
    else expect(await s.dutySwaps.get(swap.id)).toEqual(swap);
  }
  // The audit entries naming a person past their kind's limit (from the entry's own date) name them no more, under their pseudonym.
  const auditNow = await s.audit.list({ limit: 1000 });
  const kindOf = (entry: AuditEntry) =>
    entry.action.startsWith('waitlist.') ? 'waitingListEntries' : entry.action.startsWith('duty.') ? 'dutySignups' : 'workDaySignups';
  for (const { entry, texts, key } of naming) {
    const stored = auditNow.find((e) => e.id === entry.id);
    if (Date.parse(entry.at) < cut(kindOf(entry)).instant.getTime()) {
      for (const text of texts) expect(JSON.stringify(stored)).not.toContain(text);
      expect(stored?.summary).toContain(pseudonyms.of(key));
      expect({ ...stored, summary: '', changes: [] }).toEqual({ ...entry, summary: '', changes: [] });
    } else expect(stored).toEqual(entry);
  }
  for (const [i, event] of world.events.entries()) {
    if (event.holders > 0) expect((await s.duties.listSlots(id('event', i)))[0].holders).toHaveLength(event.holders);
  }
  for (const [i, workDay] of world.workDays.entries()) expect(await s.workDays.listSignups(id('workday', i))).toHaveLength(workDay.signups.length);
  expect(totals(await s.bookings.listAll())).toEqual(before);
  for (const kind of RETENTION_KINDS.filter(retentionRemoves)) expect((await s.retention.holding(kind, cut(kind))).due).toBe(0);

  // Idempotent: the same clock again changes nothing and records zero counts.
  const again = await apply.execute();
  expect(Object.values(again).every((count) => count === 0)).toBe(true);
  const auditAgain = await s.audit.list({ limit: 1000 });
  for (const { entry } of naming) expect(auditAgain.find((e) => e.id === entry.id)).toEqual(auditNow.find((e) => e.id === entry.id));
  const entry = (await s.audit.list({ recordId: 'retention', limit: 2 * run })).find((e) => e.id === `run${run}-second`);
  expect(entry?.changes.every((change) => change.after === 0)).toBe(true);
}
