import { beforeAll, describe, expect, it } from 'vitest';
import { isLocalUrl, median, runLighthouse, REQUIRED_SCORE } from '../../../scripts/lighthouse';
import { useApp } from '../../support/e2e/use-app';

// Accessibility and best practices (console errors, CSP violations, deprecated APIs...) do not
// depend on how busy the machine is, so they are checked on every test run. Performance scores
// do; `npm run lighthouse` measures them (median of 3 runs, phone and desktop).

let bookingPath = '';

// Lighthouse launches its own Chromium.
const world = useApp({ browser: false });

beforeAll(async () => {
  const { events } = (await (await fetch(`${world.app.baseUrl}/api/events`)).json()) as { events: { id: string; bookingOpen: boolean }[] };
  const open = events.find((event) => event.bookingOpen);
  if (!open) throw new Error('The demo data has no event open for booking');
  bookingPath = `/event-booking?id=${encodeURIComponent(open.id)}`;
});

describe('Lighthouse on the members pages (phone)', () => {
  for (const [name, path] of [
    ['home', () => '/'],
    ['calendar', () => '/calendar'],
    ['booking', () => bookingPath],
  ] as const) {
    it(`${name}: no accessibility or best-practice audit fails, and nothing is asked of another host`, async () => {
      const run = await runLighthouse(`${world.app.baseUrl}${path()}`, { formFactor: 'mobile', categories: ['accessibility', 'best-practices'] });
      expect(run.runtimeError).toBeUndefined();
      expect(run.outsideRequests).toEqual([]);
      // Stricter than the 95 npm run lighthouse needs: one failing audit (a console error, a CSP
      // violation, a small tap target) still scores about 96, and each is worth fixing.
      expect(run.costs.accessibility).toEqual([]);
      expect(run.costs['best-practices']).toEqual([]);
      expect(run.scores.accessibility).toBeGreaterThanOrEqual(REQUIRED_SCORE);
      expect(run.scores['best-practices']).toBeGreaterThanOrEqual(REQUIRED_SCORE);
    });
  }
});

describe('the figures npm run lighthouse reports', () => {
  it('takes the median of the runs', () => {
    expect(median([97, 91, 95])).toBe(95);
    expect(median([90, 100])).toBe(95);
    expect(median([88])).toBe(88);
  });

  it('counts only 127.0.0.1 and the page-local schemes as local', () => {
    expect(isLocalUrl('http://127.0.0.1:4321/assets/index.js')).toBe(true);
    expect(isLocalUrl('data:image/svg+xml,<svg/>')).toBe(true);
    expect(isLocalUrl('https://fonts.example.com/font.woff2')).toBe(false);
    expect(isLocalUrl('http://localhost:4321/')).toBe(false);
    expect(isLocalUrl('http://10.0.0.8/')).toBe(false);
  });
});
