import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeedText } from '../../../../core/calendar/calendar-feed';
import {
  getsWorkDayReminder,
  isWorkDayOnCalendar,
  signupDetails,
  withdrawLinkExpiry,
  workDayConfirmation,
  workDayReminder,
  workDayReminderMessageId,
  workDayReminderMoment,
  workDayRemindersDue,
  workDayRemindersJob,
} from '../../../../core/work-days/work-day-mail';
import type { WorkDaySignup } from '../../../../core/work-days/work-day';
import { readFeed, vevents } from '../../../support/ics-feed';
import { ANN_PAINTING, aSignup, aWorkDay } from '../../../support/entities';

const DAY = 86_400_000;
const DATE = '2026-04-11T08:00:00.000Z';
const dateMs = Date.parse(DATE);
const workDay = aWorkDay({ date: DATE });
const context = {
  clubName: 'Kestrel YC',
  location: 'Kestrel YC',
  withdrawUrl: 'https://club.example/work-day-withdraw?token=t',
  workDayUrl: 'https://club.example/work-day-booking?id=spring-clean',
};

/** Ann's sign-up, with an address to mail. */
function annSignup(overrides: Partial<WorkDaySignup> = {}): WorkDaySignup {
  return aSignup({ ...ANN_PAINTING, id: 's-1', email: 'ann@example.org', ...overrides });
}

describe('a work day’s reminders', () => {
  it('are due from REMINDER_DAYS_BEFORE days before the work day until it begins, only while it is active and dated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: -70 * DAY, max: 2 * DAY }), fc.boolean(), (days, offset, active) => {
        const now = new Date(dateMs + offset);
        expect(workDayRemindersDue({ ...workDay, active }, now, days)).toBe(active && offset >= -days * DAY && offset < 0);
        expect(workDayRemindersDue({ ...workDay, active, date: null }, now, days)).toBe(false);
        expect(workDayRemindersDue({ ...workDay, active }, now, 0)).toBe(false);
      }),
    );
    expect(workDayReminderMoment(workDay, 2)?.toISOString()).toBe('2026-04-09T08:00:00.000Z');
  });

  it('go to a sign-up with an e-mail made by the moment; a later one had its confirmation within those days', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * DAY, max: 30 * DAY }), fc.option(fc.constantFrom('a@example.org', ''), { nil: null }), (offset, email) => {
        const moment = new Date(dateMs - 2 * DAY);
        const signup = annSignup({ submittedAt: new Date(moment.getTime() + offset).toISOString(), email });
        expect(getsWorkDayReminder(signup, moment)).toBe(Boolean(email) && offset <= 0);
      }),
    );
  });

  it('one job per work day and date, whatever the moment; a moved day gets a new one; one message id per sign-up', () => {
    const now = new Date(dateMs - DAY);
    const job = workDayRemindersJob(workDay, now);
    expect(job).toMatchObject({ kind: 'workday-reminders', payload: { workDayId: 'spring-clean', date: DATE }, status: 'pending' });
    expect(workDayRemindersJob(workDay, new Date(dateMs - 1000)).id).toBe(job.id);
    expect(workDayRemindersJob({ ...workDay, date: '2026-04-18T08:00:00.000Z' }, now).id).not.toBe(job.id);
    expect(workDayReminderMessageId('s-1')).toBe('workday-reminder-s-1');
    expect(workDayReminderMessageId('s-1')).not.toBe(workDayReminderMessageId('s-2'));
  });
});

describe('the withdraw link', () => {
  it('works until 90 days after the work day, or after signing up for an undated one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), fc.boolean(), (later, dated) => {
        const submittedAt = new Date(dateMs - later).toISOString();
        const expiry = withdrawLinkExpiry({ submittedAt }, { date: dated ? DATE : null });
        expect(expiry.getTime()).toBe((dated ? dateMs : Date.parse(submittedAt)) + 90 * DAY);
      }),
    );
  });
});

describe('the confirmation and reminder e-mails', () => {
  it('go to the address given, with the details in UK time, the withdraw link and a calendar file of the work day', () => {
    const mail = workDayConfirmation(annSignup({ otherJob: 'Fix the gate', wantsFood: true }), workDay, context);
    expect(mail.to).toBe('ann@example.org');
    expect(mail.subject).toBe('Work day sign-up confirmed: Spring clean');
    expect(mail.text).toContain('When: Sat 11 April 2026, 09:00 (UK time)');
    expect(mail.text).toContain('Jobs: Paint the hut');
    expect(mail.text).toContain('Other job: Fix the gate');
    expect(mail.text).toContain(context.withdrawUrl);
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Work day: Spring clean');
    expect(vevent.startDate.toJSDate().toISOString()).toBe(DATE);
    expect(mail.attachments[0].filename).toBe('spring_clean.ics');
    expect(workDayReminder(annSignup(), workDay, context).subject).toBe('Reminder: Spring clean, Sat 11 April 2026, 09:00');
  });

  it('escape whatever a volunteer typed in the HTML, and carry no calendar file for an undated day', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (typed) => {
        const mail = workDayConfirmation(annSignup({ firstName: `<b>${typed}`, otherJob: `<script>${typed}` }), workDay, context);
        expect(mail.html).not.toContain('<b>');
        expect(mail.html).not.toContain('<script>');
      }),
    );
    expect(workDayConfirmation(annSignup(), { ...workDay, date: null }, context).attachments).toEqual([]);
    expect(() => workDayConfirmation(annSignup({ email: null }), workDay, context)).toThrow(RangeError);
  });

  it('list a job the work day no longer has by its id rather than dropping it', () => {
    expect(signupDetails(annSignup({ selectedJobs: ['paint', 'gone'] }), workDay)).toContainEqual(['Jobs', 'Paint the hut, gone']);
  });
});

describe('work days in the club’s feed', () => {
  const feed = (workDays: ReturnType<typeof aWorkDay>[]) =>
    calendarFeedText([], {
      calendarName: 'Kestrel YC events',
      location: 'Kestrel YC',
      eventUrl: (id) => `https://club.example/e/${id}`,
      since: new Date('2026-01-01T00:00:00.000Z'),
      workDays,
      workDayUrl: (id) => `https://club.example/work-day-booking?id=${id}`,
    });

  it('holds exactly the active dated work days of the window, marked, each with its sign-up link, in date order', () => {
    const days = fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[a-z]{1,8}$/),
        active: fc.boolean(),
        date: fc.option(
          fc
            .integer({ min: Date.parse('2025-10-01T00:00:00.000Z'), max: Date.parse('2026-12-31T00:00:00.000Z') })
            .map((ms) => ms - (ms % 60_000))
            // Not within a day before the window: there a whole day (a London midnight start) and a 3-hour one would differ.
            .filter((ms) => ms < Date.parse('2025-12-31T00:00:00.000Z') || ms >= Date.parse('2026-01-01T00:00:00.000Z'))
            .map((ms) => new Date(ms).toISOString()),
          { nil: null },
        ),
      }),
      { maxLength: 6, selector: (d) => d.id },
    );
    fc.assert(
      fc.property(days, (given) => {
        const workDays = given.map((d) => aWorkDay({ ...d, name: `Day ${d.id}` }));
        const entries = vevents(readFeed(feed(workDays)));
        const expected = workDays.filter((w) => isWorkDayOnCalendar(w) && Date.parse(w.date!) + 3 * 3600_000 >= Date.parse('2026-01-01T00:00:00.000Z'));
        expect(entries.map((e) => e.uid).sort()).toEqual(expected.map((w) => `workday-${w.id}@kyc-members-area`).sort());
        for (const entry of entries) {
          const id = entry.uid.replace(/^workday-|@kyc-members-area$/g, '');
          expect(entry.summary).toBe(`Work day: Day ${id}`);
          expect(entry.component.getFirstPropertyValue('url')).toBe(`https://club.example/work-day-booking?id=${id}`);
        }
        const starts = entries.map((e) => e.startDate.toJSDate().getTime());
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });

  it('does not depend on anything but the work day itself: the same work days give the same text', () => {
    expect(feed([workDay])).toBe(feed([structuredClone(workDay)]));
    expect(feed([workDay])).not.toBe(feed([{ ...workDay, name: 'Spring clean (moved)' }]));
  });
});
