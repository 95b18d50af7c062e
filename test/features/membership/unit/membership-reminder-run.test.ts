import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { MemoryMemberRepository } from '../../../../adapters/memory/memory-member-repository';
import { MemoryMembershipRepository } from '../../../../adapters/memory/memory-membership-repository';
import { MemoryOutbox } from '../../../../adapters/memory/memory-outbox';
import { MemoryPushOutbox } from '../../../../adapters/memory/memory-push-outbox';
import { MemoryPushSubscriptionRepository } from '../../../../adapters/memory/memory-push-subscription-repository';
import { aDevice } from '../../push/contract/push-storage.contract';
import { HmacBookingLinks } from '../../../../adapters/node-crypto/hmac-booking-links';
import { HmacSignInKeys } from '../../../../adapters/node-crypto/hmac-sign-in-keys';
import { LIFE_RENEWAL_DATE } from '../../../../core/membership/membership-category';
import { MEMBERSHIP_REMINDER_KIND, readRenewalLinkSubject, reminderWording, renewalLinkSubject } from '../../../../core/membership/membership-reminder-mail';
import { DEFAULT_MEMBERSHIP_SETTINGS } from '../../../../core/membership/membership-settings';
import { nextMembershipReminderRun, SendMembershipReminders } from '../../../../core/operations/send-membership-reminders';
import type { Member } from '../../../../core/members/member';
import { addDaysToDate, fromLondonWall } from '../../../../core/shared/london-time';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const START = '2027-01-01';
const DAY_MS = 86_400_000;

function member(id: string, renewalDate: string, disabled = false): Member {
  const at = '2026-01-01T00:00:00.000Z';
  return { id, name: `Member ${id}`, email: `${id}@example.org`, membershipType: 'Adult', renewalDate, disabled, createdAt: at, updatedAt: at };
}

async function world(members: Member[], reminderDays: number[]) {
  const clock = new FixedClock(fromLondonWall(new Date(`${START}T09:00:00.000Z`)));
  const memberRepo = new MemoryMemberRepository();
  for (const m of members) await memberRepo.create(m);
  const membership = new MemoryMembershipRepository();
  await membership.saveSettings({ ...DEFAULT_MEMBERSHIP_SETTINGS, reminderDays });
  const outbox = new MemoryOutbox();
  // m1's phone takes renewal reminders (off by default: the member chose them).
  const pushSubscriptions = new MemoryPushSubscriptionRepository();
  await pushSubscriptions.save(aDevice({ id: 'phone', memberId: 'm1', kinds: ['renewal-reminder'] }));
  const pushOutbox = new MemoryPushOutbox();
  const job = new SendMembershipReminders({
    members: memberRepo,
    membership,
    outbox,
    pushSubscriptions,
    pushOutbox,
    renewalLinks: new HmacBookingLinks(SECRET, 'renewal-sign-in'),
    signInKeys: new HmacSignInKeys(SECRET),
    clock,
    siteSettings: { clubName: 'Kestrel Yacht Club', publicBaseUrl: 'https://members.example' },
  });
  return { clock, outbox, pushOutbox, job };
}

/** Each run: how many days after the last (0: again the same day) and how many copies race. */
const runsArb = fc.array(fc.record({ gap: fc.integer({ min: 0, max: 12 }), copies: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 30 });
const reminderDaysArb = fc.uniqueArray(fc.integer({ min: -40, max: 40 }), { minLength: 1, maxLength: 6 });

describe('the renewal reminders run', () => {
  it('over any sequence of runs (some racing, some days missed) writes each reminder at most once, in order, none to life or disabled members', async () => {
    await fc.assert(
      fc.asyncProperty(reminderDaysArb, fc.integer({ min: 0, max: 120 }), runsArb, async (reminderDays, offset, runs) => {
        const end = addDaysToDate(START, offset);
        const { clock, outbox, pushOutbox, job } = await world([member('m1', end), member('life', LIFE_RENEWAL_DATE), member('off', end, true)], reminderDays);
        const sentDays: number[] = [];
        for (const { gap, copies } of runs) {
          clock.advance(gap * DAY_MS);
          const written = (await Promise.all(Array.from({ length: copies }, () => job.execute()))).flat();
          // One mail a member a day at most, whichever copy wrote it.
          expect(written.length).toBeLessThanOrEqual(1);
          for (const id of written) sentDays.push(Number(/-(-?\d+)d$/.exec(id)![1]));
        }
        const mails = (await outbox.list()).filter((m) => m.kind === MEMBERSHIP_REMINDER_KIND);
        expect(mails.map((m) => m.recordId).every((id) => id === 'm1')).toBe(true);
        expect(new Set(sentDays).size).toBe(sentDays.length);
        expect(mails).toHaveLength(sentDays.length);
        // Each reminder e-mailed is pushed to m1's phone once, under the e-mail's id, however often the run repeats.
        const pushed = await pushOutbox.claimDue(new Date(8_640_000_000_000), 1, 1000);
        expect(pushed.map((p) => p.delivery.id).sort()).toEqual(mails.map((m) => `${m.id}.phone`).sort());
        expect(pushed.every((p) => p.delivery.notification.url === '/my-club/renew')).toBe(true);
        // Never an earlier reminder after a later one.
        expect([...sentDays].sort((a, b) => a - b)).toEqual(sentDays);
        for (const day of sentDays) expect(reminderDays).toContain(day);
      }),
      { numRuns: 60 },
    );
  });

  it('run every day, sends every reminder day, each on its day', async () => {
    const end = '2027-03-31';
    const { clock, outbox, job } = await world([member('m1', end)], DEFAULT_MEMBERSHIP_SETTINGS.reminderDays);
    const sentOn: Record<string, string> = {};
    for (let d = 0; d < 120; d += 1) {
      for (const id of await job.execute()) sentOn[id] = addDaysToDate(START, d);
      clock.advance(DAY_MS);
    }
    expect(sentOn).toEqual({
      'membership-reminder-m1-2027-03-31--28d': '2027-03-03',
      'membership-reminder-m1-2027-03-31--7d': '2027-03-24',
      'membership-reminder-m1-2027-03-31-0d': '2027-03-31',
      'membership-reminder-m1-2027-03-31-14d': '2027-04-14',
    });
    expect((await outbox.list()).map((m) => m.mail.subject).sort()).toEqual([
      'Your membership ended on Wed 31 March 2027',
      'Your membership ends on Wed 31 March 2027',
      'Your membership ends on Wed 31 March 2027',
      'Your membership ends today',
    ]);
  });

  it('words before, on and after the end', () => {
    expect(reminderWording('2027-03-31', -7).subject).toBe('Your membership ends on Wed 31 March 2027');
    expect(reminderWording('2027-03-31', 0).opening).toBe('Your membership ends today, Wed 31 March 2027.');
    expect(reminderWording('2027-03-31', 14).subject).toBe('Your membership ended on Wed 31 March 2027');
  });

  it("reads back a link's subject for any member id, and refuses what is not one", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.stringMatching(/^[0-9a-f]{64}$/), (id, key) => {
        expect(readRenewalLinkSubject(renewalLinkSubject(id, key))).toEqual({ memberId: id, emailTag: key.slice(0, 16) });
      }),
    );
    for (const bad of ['', 'm1', '|0123456789abcdef', 'm1|0123', 'm1|0123456789ABCDEF']) expect(readRenewalLinkSubject(bad)).toBeNull();
  });

  it('runs daily at 9:00 London time, summer and winter', () => {
    expect(nextMembershipReminderRun(new Date('2027-01-10T08:59:00.000Z')).toISOString()).toBe('2027-01-10T09:00:00.000Z');
    expect(nextMembershipReminderRun(new Date('2027-01-10T09:00:00.000Z')).toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(nextMembershipReminderRun(new Date('2027-07-10T09:00:00.000Z')).toISOString()).toBe('2027-07-11T08:00:00.000Z');
  });
});
