import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfficerDaySchema, type OfficerDay } from '../../../../core/check-in/officer-day-schema';
import { OfficerDayPage } from '../../../../web/src/features/check-in/admin/components/officer-day-page';
import { renderAdminAt, serveAdmin } from '../../../support/component/admin';
import { json, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

// happy-dom has no IndexedDB, where the page keeps the day and the marks not yet sent: these tests
// cover what the page shows from the server's answer (the device's copy failing to be written is
// ignored by the page, as on a browser that refuses storage). The marks, kept and sent, are in
// officer-marks.test.tsx (over an in-memory store) and on Chromium (test/features/check-in/e2e).

const DAY: OfficerDay = OfficerDaySchema.parse({
  generatedAt: '2026-06-06T08:00:00.000Z',
  days: [
    { date: '2026-06-06', label: 'Today', events: [] },
    { date: '2026-06-07', label: 'Tomorrow', events: [] },
  ],
  emergencyContacts: [{ name: 'Reservoir ranger', phone: '01234 567890' }],
});

const OFFICER_DAY_PATH = '/api/admin/officer-day';

function renderToday() {
  return renderAdminAt('/admin/today', '/admin/today', <OfficerDayPage />);
}

describe('The officer of the day’s page', () => {
  it('shows "Loading today\'s events…" until the day comes, then each day, the emergency numbers and "Up to date"', async () => {
    const held = heldAnswer();
    const calls = serveAdmin(['bookings:write'], () => held.response);
    renderToday();
    expect(await screen.findByText("Loading today's events…")).toBeTruthy();
    held.send(json(200, DAY));
    expect(await screen.findByRole('heading', { name: 'Today (Sat 6 June 2026)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tomorrow (Sun 7 June 2026)' })).toBeTruthy();
    expect(screen.getAllByText('No events.')).toHaveLength(2);
    expect(screen.getByText('Up to date')).toBeTruthy();
    expect(screen.getByRole('link', { name: '01234 567890' }).getAttribute('href')).toBe('tel:01234567890');
    expect(screen.queryByText("Loading today's events…")).toBeNull();
    expect(calls).toEqual([`GET ${OFFICER_DAY_PATH}`]);
  });

  it('says "Failed to load today\'s events" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, DAY));
    const calls = serveAdmin(['bookings:write'], read.server);
    renderToday();
    expect(await screen.findByText("Failed to load today's events")).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByText('Up to date')).toBeTruthy();
    expect(calls).toEqual([`GET ${OFFICER_DAY_PATH}`, `GET ${OFFICER_DAY_PATH}`]);
  });

  it('shows Access Denied when the server refuses the admin', async () => {
    serveAdmin([], () => json(403, { error: 'You do not have permission to do this', permission: 'bookings:write' }));
    renderToday();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('bookings:write')).toBeTruthy();
  });
});
