import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dutiesReleasedMail, dutiesReleasedOnLeaving, releasedDutyLines } from '../../../../core/duties/member-duty-release';

// A member leaving the rosters gives up the duties not over yet (docs/duties.md#when-a-member-leaves).

const instant = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') });
const duty = fc
  .tuple(instant, fc.integer({ min: 1, max: 3 * 86_400_000 }))
  .map(([start, length]) => ({ window: { start: new Date(start).toISOString(), end: new Date(start + length).toISOString() } }));

describe('dutiesReleasedOnLeaving', () => {
  it('releases exactly the duties whose end is after now (under way or to come), keeps every one already over', () => {
    fc.assert(
      fc.property(fc.array(duty, { maxLength: 20 }), instant, (duties, now) => {
        const released = dutiesReleasedOnLeaving(duties, new Date(now));
        expect(released.every((d) => Date.parse(d.window.end) > now)).toBe(true);
        const kept = duties.filter((d) => !released.includes(d));
        expect(kept.every((d) => Date.parse(d.window.end) <= now)).toBe(true);
      }),
    );
  });
});

describe('the duty admins’ e-mail', () => {
  it('names who left and why, and every released slot on its own line', () => {
    const lines = releasedDutyLines(
      [
        { slotId: 's1', eventId: 'e1', window: { start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' } },
        { slotId: 's2', eventId: 'gone', window: { start: '2026-07-11T09:00:00.000Z', end: '2026-07-11T16:00:00.000Z' } },
      ],
      { duty: (id) => (id === 's1' ? 'Race officer' : undefined), event: (id) => (id === 'e1' ? 'Summer regatta' : undefined) },
    );
    const mail = dutiesReleasedMail({ email: 'officer@example.org', name: 'Olive' }, 'Bob Stern', 'disabled', lines, {
      clubName: 'KYC',
      publicBaseUrl: 'https://club.example/',
    });
    expect(mail.to).toBe('officer@example.org');
    expect(mail.subject).toBe('Duties released: 2 slots need a member');
    expect(mail.text).toContain('Bob Stern was disabled on the member list, so they no longer hold the duties below.');
    expect(mail.text).toMatch(/Race officer: Summer regatta, Sat(urday)? 4 Jul/);
    expect(mail.text).toMatch(/Duty: An event, Sat(urday)? 11 Jul/);
    expect(mail.text).toContain('https://club.example/admin/duties/days');
  });
});
