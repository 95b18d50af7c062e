import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIFE_RENEWAL_DATE } from '../../../../core/membership/membership-category';
import { applyRenewal, membershipStatus, paysUntil, renewalOpen, renewalOpensOn } from '../../../../core/membership/membership-renewal';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from '../../../../core/membership/membership-settings';
import { membershipYear, membershipYearAt, twelveMonthsEnd } from '../../../../core/membership/membership-year';
import { isMembershipCurrent } from '../../../../core/members/member';
import { addDaysToDate, daysBetweenDates, londonDate } from '../../../../core/shared/london-time';
import { dateArb, fixedYearArb, leapDayArb, yearArb } from './membership-arbitraries';

const APRIL: MembershipSettings['year'] = DEFAULT_MEMBERSHIP_SETTINGS.year;
const ROLLING: MembershipSettings['year'] = { kind: 'rolling' };
const ordinary = { life: false };
const life = { life: true };
/** The member's renewal date (or none, for a joiner) and the day they pay. */
const renewalDateArb = fc.option(dateArb, { nil: null });
const isYearEnd = (year: MembershipSettings['year'], date: string) => membershipYear(year, date).end === date;

describe('the membership year', () => {
  it('contains its date, runs 365 or 366 days, and the next year starts the day after its end', () => {
    fc.assert(
      fc.property(yearArb, dateArb, (year, date) => {
        const { start, end } = membershipYear(year, date);
        expect(start <= date && date <= end).toBe(true);
        expect([364, 365]).toContain(daysBetweenDates(start, end));
        if (year.kind === 'rolling') expect(start).toBe(date);
        else {
          expect(membershipYear(year, end)).toEqual({ start, end });
          expect(membershipYear(year, addDaysToDate(end, 1)).start).toBe(addDaysToDate(end, 1));
          expect(start.slice(5)).toBe(`${String(year.yearStart.month).padStart(2, '0')}-${String(year.yearStart.day).padStart(2, '0')}`);
        }
      }),
    );
  });

  it('on a year from 1 April: 1 April 2026 to 31 March 2027, whichever day of it', () => {
    for (const date of ['2026-04-01', '2026-10-15', '2027-02-28', '2027-03-31'])
      expect(membershipYear(APRIL, date)).toEqual({ start: '2026-04-01', end: '2027-03-31' });
    expect(membershipYear(APRIL, '2026-03-31')).toEqual({ start: '2025-04-01', end: '2026-03-31' });
    expect(membershipYear({ kind: 'fixed', yearStart: { month: 1, day: 1 } }, '2028-02-29')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
    expect(membershipYear({ kind: 'fixed', yearStart: { month: 3, day: 1 } }, '2028-02-10')).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });

  it('instants either side of London midnight around the clock changes fall in the year of their London date', () => {
    // Independent of the code under test: the platform's time-zone database.
    const intlDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
    // The last Sunday of March and of October, the days either side, and year starts on those days.
    const changeDayArb = fc
      .record({ year: fc.integer({ min: 1996, max: 2100 }), month: fc.constantFrom(3, 10), back: fc.integer({ min: -2, max: 8 }) })
      .map(({ year, month, back }) => {
        const last = new Date(Date.UTC(year, month, 0));
        return addDaysToDate(last.toISOString().slice(0, 10), -last.getUTCDay() - back);
      });
    fc.assert(
      fc.property(changeDayArb, fc.integer({ min: -180, max: 180 }), fc.boolean(), (day, minutes, startsThatDay) => {
        const instant = new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000);
        const london = intlDate.format(instant);
        expect(londonDate(instant)).toBe(london);
        const year: MembershipSettings['year'] = startsThatDay
          ? { kind: 'fixed', yearStart: { month: Number(day.slice(5, 7)), day: Number(day.slice(8)) } }
          : APRIL;
        expect(membershipYearAt(year, instant)).toEqual(membershipYear(year, london));
      }),
    );
  });

  it('at 23:30 UTC on 31 March in summer time it is already 1 April in London: the next year', () => {
    expect(membershipYearAt(APRIL, new Date('2027-03-31T23:30:00Z'))).toEqual({ start: '2027-04-01', end: '2028-03-31' });
    expect(membershipYearAt(APRIL, new Date('2027-03-31T22:59:59Z'))).toEqual({ start: '2026-04-01', end: '2027-03-31' });
  });
});

describe('twelve months on rolling years', () => {
  it('joining on 29 February runs to 28 February; joining on 1 March before a leap day runs to 29 February', () => {
    expect(twelveMonthsEnd('2028-02-29')).toBe('2029-02-28');
    expect(twelveMonthsEnd('2027-03-01')).toBe('2028-02-29');
    expect(twelveMonthsEnd('2028-03-01')).toBe('2029-02-28');
    expect(paysUntil(ROLLING, ordinary, null, '2028-02-29')).toBe('2029-02-28');
  });

  it('from 29 February, renewal after renewal, no day is lost or paid twice: each year is 365 or 366 days and the next starts the day after', () => {
    fc.assert(
      fc.property(leapDayArb, fc.integer({ min: 1, max: 12 }), (joined, renewals) => {
        let end = paysUntil(ROLLING, ordinary, null, joined);
        let start = joined;
        for (let i = 0; i < renewals; i++) {
          expect([364, 365]).toContain(daysBetweenDates(start, end));
          const next = paysUntil(ROLLING, ordinary, end, end);
          start = addDaysToDate(end, 1);
          end = applyRenewal(end, { paysUntil: next }).renewalDate;
        }
        // Every year paid for since joining, every day of them once: the anniversary is 1 March.
        expect(addDaysToDate(end, 1)).toBe(`${Number(joined.slice(0, 4)) + renewals + 1}-03-01`);
      }),
    );
  });
});

describe('what a renewal pays for', () => {
  it('a paid renewal is current on the day it is paid and every day to its end; the member is never lapsed by paying', () => {
    fc.assert(
      fc.property(yearArb, renewalDateArb, dateArb, fc.boolean(), (year, renewalDate, today, isLife) => {
        const until = paysUntil(year, isLife ? life : ordinary, renewalDate, today);
        const { renewalDate: after } = applyRenewal(renewalDate, { paysUntil: until });
        expect(isMembershipCurrent({ renewalDate: after, disabled: false }, today)).toBe(true);
        expect(after >= until).toBe(true);
        if (renewalDate !== null) expect(after > renewalDate || renewalDate === LIFE_RENEWAL_DATE).toBe(true);
      }),
    );
  });

  it('early (still current, the day of the end included): one more year from the day after the current end, nothing lost', () => {
    fc.assert(
      fc.property(yearArb, dateArb, fc.integer({ min: 0, max: 400 }), (year, end, early) => {
        const today = addDaysToDate(end, -early);
        const until = paysUntil(year, ordinary, end, today);
        if (year.kind === 'rolling') expect(until).toBe(twelveMonthsEnd(addDaysToDate(end, 1)));
        else expect(membershipYear(year, addDaysToDate(end, 1))).toEqual({ start: membershipYear(year, until).start, end: until });
        // A member whose end is a year end gets exactly the next year.
        if (isYearEnd(year, end) && year.kind === 'fixed') expect(membershipYear(year, until).start).toBe(addDaysToDate(end, 1));
      }),
    );
  });

  it('renewing on the day of the end on a 1 April year: to the next 31 March', () => {
    expect(paysUntil(APRIL, ordinary, '2027-03-31', '2027-03-31')).toBe('2028-03-31');
    expect(paysUntil(APRIL, ordinary, '2027-03-31', '2027-02-03')).toBe('2028-03-31');
    expect(paysUntil(ROLLING, ordinary, '2027-06-14', '2027-06-14')).toBe('2028-06-14');
  });

  it('late (lapsed, even for years): the year containing today, never a past period, never the missed years', () => {
    fc.assert(
      fc.property(yearArb, dateArb, fc.integer({ min: 1, max: 365 * 12 }), (year, today, lapsedDays) => {
        const end = addDaysToDate(today, -lapsedDays);
        const until = paysUntil(year, ordinary, end, today);
        expect(until >= today).toBe(true);
        if (year.kind === 'rolling') expect(until).toBe(twelveMonthsEnd(today));
        else expect(until).toBe(membershipYear(year, today).end);
        expect(daysBetweenDates(today, until)).toBeLessThan(366);
      }),
    );
  });

  it('a member lapsed since 31 March 2024 renewing on 10 May 2026 pays to 31 March 2027; on 31 March 2027 itself, to that day', () => {
    expect(paysUntil(APRIL, ordinary, '2024-03-31', '2026-05-10')).toBe('2027-03-31');
    expect(paysUntil(APRIL, ordinary, '2026-03-31', '2027-03-31')).toBe('2027-03-31');
    expect(paysUntil(ROLLING, ordinary, '2024-03-31', '2026-05-10')).toBe('2027-05-09');
  });

  it('joining: on a fixed year to the end of the year containing today; rolling, to the day before the date next year', () => {
    fc.assert(
      fc.property(fixedYearArb, dateArb, (year, today) => {
        expect(paysUntil(year, ordinary, null, today)).toBe(membershipYear(year, today).end);
        expect(paysUntil(ROLLING, ordinary, null, today)).toBe(twelveMonthsEnd(today));
      }),
    );
    expect(paysUntil(APRIL, ordinary, null, '2026-10-15')).toBe('2027-03-31');
  });

  it('a life category, or a member already for life, runs to the life date', () => {
    fc.assert(
      fc.property(yearArb, renewalDateArb, dateArb, (year, renewalDate, today) => {
        expect(paysUntil(year, life, renewalDate, today)).toBe(LIFE_RENEWAL_DATE);
        expect(paysUntil(year, ordinary, LIFE_RENEWAL_DATE, today)).toBe(LIFE_RENEWAL_DATE);
        // A membership current into 9999 (no later year has a date to name) is as good as for life.
        expect(paysUntil(year, ordinary, '9999-06-01', today)).toBe(LIFE_RENEWAL_DATE);
      }),
    );
  });
});

describe('applying a paid renewal', () => {
  const renewalArb = fc.record({ paymentId: fc.uuid(), paysUntil: dateArb });
  it('never moves the date backwards', () => {
    fc.assert(
      fc.property(renewalDateArb, renewalArb, (renewalDate, renewal) => {
        const { renewalDate: after, extended } = applyRenewal(renewalDate, renewal);
        if (renewalDate !== null) expect(after >= renewalDate).toBe(true);
        expect(after >= renewal.paysUntil).toBe(true);
        expect(extended).toBe(after !== renewalDate);
      }),
    );
  });

  it('applying the same renewal twice (a repeated webhook, the member returning at the same moment) extends once', () => {
    fc.assert(
      fc.property(yearArb, renewalDateArb, dateArb, (year, renewalDate, today) => {
        const renewal = { paymentId: 'pay-1', paysUntil: paysUntil(year, ordinary, renewalDate, today) };
        const once = applyRenewal(renewalDate, renewal);
        const twice = applyRenewal(once.renewalDate, renewal);
        expect(twice).toEqual({ renewalDate: once.renewalDate, extended: false });
        expect(once.extended).toBe(true);
      }),
    );
  });

  it('renewals applied in any order, any number of times, give the same date: the furthest paid for', () => {
    fc.assert(
      fc.property(renewalDateArb, fc.array(renewalArb, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 12 }), (start, renewals, order) => {
        const inOrder = renewals.reduce<string | null>((d, r) => applyRenewal(d, r).renewalDate, start);
        const shuffled = [...order.map((i) => renewals[i % renewals.length]), ...renewals].reduce<string | null>(
          (d, r) => applyRenewal(d, r).renewalDate,
          start,
        );
        expect(shuffled).toBe(inOrder);
        expect(inOrder).toBe([start ?? '', ...renewals.map((r) => r.paysUntil)].sort().at(-1));
      }),
    );
  });

  it('a renewal quoted before an admin extended the member buys nothing: it says so and changes nothing', () => {
    expect(applyRenewal('2028-03-31', { paysUntil: '2027-03-31' })).toEqual({ renewalDate: '2028-03-31', extended: false });
    expect(applyRenewal(null, { paysUntil: '2027-03-31' })).toEqual({ renewalDate: '2027-03-31', extended: true });
  });
});

describe('renewal window and status', () => {
  const weeksArb = fc.integer({ min: 1, max: 26 });
  it('lapsed after the end, renewal open from the window to the end, current before, life for life', () => {
    fc.assert(
      fc.property(weeksArb, dateArb, fc.integer({ min: -200, max: 200 }), (renewalWindowWeeks, end, offset) => {
        const today = addDaysToDate(end, offset);
        const settings = { renewalWindowWeeks };
        const status = membershipStatus(settings, end, today);
        expect(status).toBe(offset > 0 ? 'lapsed' : offset >= -7 * renewalWindowWeeks ? 'renewal-open' : 'current');
        expect(renewalOpen(settings, end, today)).toBe(offset >= -7 * renewalWindowWeeks);
        expect(membershipStatus(settings, LIFE_RENEWAL_DATE, today)).toBe('life');
        expect(renewalOpen(settings, LIFE_RENEWAL_DATE, today)).toBe(false);
      }),
    );
  });

  it('with the default 8 weeks, a membership ending 31 March 2027 may be renewed from Wednesday 3 February 2027', () => {
    expect(renewalOpensOn(DEFAULT_MEMBERSHIP_SETTINGS, '2027-03-31')).toBe('2027-02-03');
    expect(membershipStatus(DEFAULT_MEMBERSHIP_SETTINGS, '2027-03-31', '2027-02-02')).toBe('current');
    expect(membershipStatus(DEFAULT_MEMBERSHIP_SETTINGS, '2027-03-31', '2027-02-03')).toBe('renewal-open');
    expect(membershipStatus(DEFAULT_MEMBERSHIP_SETTINGS, '2027-03-31', '2027-03-31')).toBe('renewal-open');
    expect(membershipStatus(DEFAULT_MEMBERSHIP_SETTINGS, '2027-03-31', '2027-04-01')).toBe('lapsed');
  });
});
