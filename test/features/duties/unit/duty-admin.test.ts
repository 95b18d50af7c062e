import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { dutyIcsEvent, dutyReminderDue, dutyReminderId, dutyReminderMail } from '../../../../core/duties/duty-reminders';
import { dutiesCsv, householdDutyCounts, isOnDay, memberDutyCounts, reportRange, startsInRange } from '../../../../core/duties/duty-reports';
import { dutyAlertRecipients, redAlertDue, redAlertId } from '../../../../core/duties/staffing-alerts';
import type { Admin } from '../../../../core/admins/admin';
import type { Member } from '../../../../core/members/member';
import { addDaysToDate, londonDate, londonMidnight } from '../../../../core/shared/london-time';

const DAY = 86_400_000;
const base = Date.parse('2026-06-20T09:00:00.000Z');
const daysList = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 4 });
const offsetMs = fc.integer({ min: -70 * DAY, max: 2 * DAY });

describe('duty reminders', () => {
  it('the due reminder is the latest one whose moment has come, none before the first and none once the event has begun', () => {
    fc.assert(
      fc.property(daysList, offsetMs, (days, offset) => {
        const start = new Date(base);
        const now = new Date(base + offset);
        const due = dutyReminderDue(start, now, days);
        const passed = days.filter((d) => base - d * DAY <= now.getTime());
        if (offset >= 0 || passed.length === 0) expect(due).toBeNull();
        else {
          expect(days).toContain(due);
          expect(base - due! * DAY).toBeLessThanOrEqual(now.getTime());
          // No later reminder has come yet.
          expect(days.filter((d) => d < due!).every((d) => base - d * DAY > now.getTime())).toBe(true);
        }
      }),
    );
    expect(dutyReminderDue(new Date(base), new Date(base - 5 * DAY), [14, 3])).toBe(14);
    expect(dutyReminderDue(new Date(base), new Date(base - 3 * DAY), [14, 3])).toBe(3);
    expect(dutyReminderDue(new Date(base), new Date(base - 15 * DAY), [14, 3])).toBeNull();
  });

  it('one reminder id per holder, event start and day count', () => {
    const a = { slotId: 's1', memberId: 'ann' };
    expect(
      new Set([
        dutyReminderId(a, '2026-06-20T09:00:00.000Z', 14),
        dutyReminderId(a, '2026-06-20T09:00:00.000Z', 3),
        dutyReminderId(a, '2026-06-21T09:00:00.000Z', 14),
        dutyReminderId({ ...a, memberId: 'bob' }, '2026-06-20T09:00:00.000Z', 14),
      ]).size,
    ).toBe(4);
  });

  it('the duty’s calendar file is valid, with its own UID and the event’s revision', () => {
    const assignment = { slotId: 'slot-1', memberId: 'ann', window: { start: '2026-06-20T09:00:00.000Z', end: '2026-06-20T12:00:00.000Z' } };
    const event = {
      name: 'Club race',
      eventdatetime: assignment.window.start,
      eventenddatetime: assignment.window.end,
      updatedAt: '2026-06-01T09:00:00.000Z',
      sequence: 2,
      cancelledAt: null,
      cancelReason: null,
    };
    expect(dutyIcsEvent(assignment, event, 'Galley').id).toBe('duty-slot-1-ann');
    const mail = dutyReminderMail({ name: 'Ann', email: 'ann@club.example' }, assignment, event, 'Galley', {
      clubName: 'Kestrel YC',
      publicBaseUrl: 'https://club.example/',
    });
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(mail.attachments[0].content)).getFirstSubcomponent('vevent')!);
    expect([vevent.uid, vevent.sequence, vevent.summary]).toEqual(['duty-slot-1-ann@kyc-members-area', 2, 'Duty: Galley, Club race']);
    expect(mail.text).toContain('https://club.example/duties');
  });
});

describe('the red light alert', () => {
  it('is due only for a red light, before the start and within the days set', () => {
    fc.assert(
      fc.property(fc.constantFrom('red', 'amber', 'green', null), offsetMs, fc.integer({ min: 0, max: 30 }), (light, offset, within) => {
        const due = redAlertDue(new Date(base), light as never, new Date(base + offset), within);
        expect(due).toBe(light === 'red' && within > 0 && offset < 0 && -offset <= within * DAY);
      }),
    );
    expect(redAlertId('e1', '2026-06-20T09:00:00.000Z', 'u1')).not.toBe(redAlertId('e1', '2026-06-21T09:00:00.000Z', 'u1'));
  });

  it('goes to the admins who manage duties, not disabled, with an address', () => {
    const admin = (uid: string, permissions: Admin['permissions'], extra: Partial<Admin> = {}) =>
      ({ uid, email: `${uid}@x.example`, name: uid, permissions, disabled: false, ...extra }) as Admin;
    const to = dutyAlertRecipients([
      admin('a', ['duties:write']),
      admin('b', ['events:write']),
      admin('c', ['duties:write'], { disabled: true }),
      admin('d', ['duties:write'], { email: '' }),
    ]);
    expect(to.map((a) => a.uid)).toEqual(['a']);
  });
});

const NOW = '2026-06-01T09:00:00.000Z';
const member = (id: string, disabled = false): Member => ({
  id,
  name: `M ${id}`,
  email: `${id}@x.example`,
  membershipType: 'Adult',
  renewalDate: '2027-01-01',
  disabled,
  createdAt: NOW,
  updatedAt: NOW,
});

describe('the season count', () => {
  const ids = ['ann', 'bob', 'cat', 'gone'];
  const duty = fc.record({ memberId: fc.constantFrom(...ids), end: fc.integer({ min: -100, max: 100 }) });
  it('counts every duty of a member on the list once, upcoming ones among them; every member not disabled shows', () => {
    fc.assert(
      fc.property(fc.array(duty, { maxLength: 30 }), fc.boolean(), (duties, catDisabled) => {
        const members = [member('ann'), member('bob'), member('cat', catDisabled)];
        const now = new Date(NOW);
        const assignments = duties.map((d) => ({
          memberId: d.memberId,
          window: { start: new Date(now.getTime() + (d.end - 3) * DAY).toISOString(), end: new Date(now.getTime() + d.end * DAY).toISOString() },
        }));
        const counts = memberDutyCounts(members, assignments, now);
        expect(counts.reduce((sum, c) => sum + c.duties, 0)).toBe(duties.filter((d) => d.memberId !== 'gone').length);
        expect(counts.every((c) => c.upcoming <= c.duties)).toBe(true);
        expect(counts.reduce((sum, c) => sum + c.upcoming, 0)).toBe(duties.filter((d) => d.memberId !== 'gone' && d.end > 0).length);
        expect(counts.some((c) => c.memberId === 'cat')).toBe(!catDisabled || duties.some((d) => d.memberId === 'cat'));
        // Ann and Bob are one household (Bob its contact) with two dependants: four people.
        const households = householdDutyCounts(
          counts,
          new Map([
            ['ann', { householdId: 'h-1', contact: false, people: 4 }],
            ['bob', { householdId: 'h-1', contact: true, people: 4 }],
          ]),
        );
        expect(households.reduce((sum, h) => sum + h.duties, 0)).toBe(counts.reduce((sum, c) => sum + c.duties, 0));
        expect(households.find((h) => h.memberId === 'bob')).toMatchObject({
          people: 4,
          duties: counts.filter((c) => c.memberId !== 'cat').reduce((sum, c) => sum + c.duties, 0),
        });
        expect(households.some((h) => h.memberId === 'ann')).toBe(false);
      }),
    );
  });

  it('a range defaults to the London calendar year; an end before the start or over five years is refused', () => {
    expect(reportRange({}, '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(reportRange({ from: '2026-04-01' }, '2026-11-25')).toEqual({ from: '2026-04-01', to: '2026-12-31' });
    expect(reportRange({ from: '2026-04-01', to: '2026-03-31' }, '2026-11-25')).toEqual({ error: 'endBeforeStart', field: 'to' });
    expect(reportRange({ from: '2020-01-01', to: '2026-01-01' }, '2026-11-25')).toEqual({ error: 'tooLong', field: 'to' });
  });

  it('an event is in a range by the London date of its start, and on a day when its duty time touches it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 24 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 40 }), (startHour, fromDay, length) => {
        const eventdatetime = new Date(Date.parse('2026-01-01T00:00:00.000Z') + startHour * 3_600_000).toISOString();
        const from = addDaysToDate('2026-01-01', fromDay);
        const to = addDaysToDate(from, length);
        const day = londonDate(new Date(eventdatetime));
        expect(startsInRange({ eventdatetime }, from, to)).toBe(from <= day && day <= to);
        expect(isOnDay({ eventdatetime, eventenddatetime: null }, day)).toBe(true);
        expect(isOnDay({ eventdatetime, eventenddatetime: null }, addDaysToDate(day, 1))).toBe(false);
        expect(londonMidnight(day).getTime()).toBeLessThanOrEqual(Date.parse(eventdatetime));
      }),
    );
    expect(startsInRange({ eventdatetime: null }, '2026-01-01', '2026-12-31')).toBe(false);
  });

  it('the CSV has a line per duty, cells formula-safe', () => {
    const csv = dutiesCsv([
      { event: { name: '=Race', eventdatetime: '2026-06-20T09:00:00.000Z' }, dutyName: 'Galley', member: { name: 'Ann, Helm', email: 'ann@x.example' } },
    ]);
    expect(csv).toBe('Event,Date,Duty,Member,Email\r\n\'=Race,2026-06-20 10:00,Galley,"Ann, Helm",ann@x.example\r\n');
  });
});
