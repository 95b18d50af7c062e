import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { retentionLines, retentionRunText } from '../../../../core/privacy/retention-lines';
import { DEFAULT_RETENTION } from '../../../../core/privacy/retention-schedule';
import { RetentionOverviewSchema, type RetentionOverview } from '../../../../core/privacy/retention-overview-schema';
import { RetentionPage } from '../../../../web/src/features/retention/admin/components/retention-page';
import { json, renderAt, serve, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const NEXT_RUN = '2026-06-02T02:00:00.000Z';

/** The overview as the server builds it (GetRetentionOverview): the schedule's lines with what is held. */
function overview(held: Partial<Record<string, { count: number; oldest: string | null; nextRunRemoves: number }>> = {}): RetentionOverview {
  return RetentionOverviewSchema.parse({
    nextRunAt: NEXT_RUN,
    lines: retentionLines(DEFAULT_RETENTION).map((line) => ({ ...line, count: 0, oldest: null, nextRunRemoves: 0, ...held[line.kind] })),
  });
}

function row(title: string): HTMLElement {
  return screen.getByText(title, { selector: 'th' }).closest('tr') as HTMLElement;
}

describe('The Data retention page', () => {
  it('shows "Loading what the app holds…" until the overview comes, then each kind with its count and the next run', async () => {
    const held = heldAnswer();
    const calls = serve(() => held.response);
    renderAt('/admin/retention', <RetentionPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading what the app holds…');
    held.send(
      json(
        200,
        overview({
          bookingDetails: { count: 12, oldest: '2024-06-11T10:00:00.000Z', nextRunRemoves: 3 },
          financialRecords: { count: 40, oldest: '2023-01-05T10:00:00.000Z', nextRunRemoves: 0 },
          signInAttempts: { count: 1, oldest: '2026-05-01T10:00:00.000Z', nextRunRemoves: 1 },
        }),
      ),
    );
    expect(await screen.findByText('Booking details', { selector: 'th' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Data retention' })).toBeTruthy();
    expect(screen.getByText(retentionRunText(NEXT_RUN))).toBeTruthy();
    expect(retentionRunText(NEXT_RUN)).toBe('2 June 2026 at 03:00');
    const bookings = within(row('Booking details'));
    expect(bookings.getByText('12')).toBeTruthy();
    expect(bookings.getByText('11 June 2024')).toBeTruthy();
    expect(bookings.getByText('Anonymises 3 records')).toBeTruthy();
    expect(within(row('Financial records')).getByText('Keeps them')).toBeTruthy();
    expect(within(row('Sign-in attempts')).getByText('Deletes 1 record')).toBeTruthy();
    expect(screen.queryByText('Loading what the app holds…')).toBeNull();
    expect(calls).toEqual(['GET /api/admin/retention']);
  });

  it('says "None held" and "Nothing due" for a kind the app holds none of', async () => {
    serve(() => json(200, overview()));
    renderAt('/admin/retention', <RetentionPage />);
    await screen.findByText('Booking details', { selector: 'th' });
    const bookings = within(row('Booking details'));
    expect(bookings.getByText('None held')).toBeTruthy();
    expect(bookings.getByText('Nothing due')).toBeTruthy();
  });

  it('says "Failed to load the retention schedule" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, overview()));
    const calls = serve(read.server);
    renderAt('/admin/retention', <RetentionPage />);
    expect(await screen.findByText('Failed to load the retention schedule')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByText('Booking details', { selector: 'th' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/retention', 'GET /api/admin/retention']);
  });

  it('shows Access Denied with the permission when the server refuses the admin', async () => {
    serve(() => json(403, { error: 'You do not have permission to do this', permission: 'privacy:manage' }));
    renderAt('/admin/retention', <RetentionPage />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to do this')).toBeTruthy();
    expect(screen.getByText('privacy:manage')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Data retention' })).toBeNull();
  });
});
