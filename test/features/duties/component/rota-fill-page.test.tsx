import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RotaFillPreviewSchema } from '../../../../core/duties/rota-fill-schema';
import { DutiesPage } from '../../../../web/src/features/duties/admin/components/duties-page';
import { RotaFillPage } from '../../../../web/src/features/duties/admin/components/rota-fill-page';
import { failingUntilTryAgain, heldAnswer, json, renderAt, serveForm, type FakeServer } from '../../../support/component/render';

const SLOT = { eventId: 'regatta', eventName: 'Summer Regatta', start: '2026-07-04T09:00:00.000Z', end: '2026-07-04T16:00:00.000Z' };
const FAIR = { filled: 2, maxOver: 0, totalOver: 0, unitsUnder: 3, wishesKept: 1, wishesBroken: 0, crowding: 0 };
const PREVIEW = RotaFillPreviewSchema.parse({
  season: { start: '2026-04-01', end: '2026-10-31' },
  assignments: [
    {
      ...SLOT,
      slotId: 'slot-ood',
      dutyTypeName: 'Officer of the Day',
      memberId: 'ann',
      memberName: 'Ann Jones',
      count: 1,
      expected: 2,
      household: false,
      prefers: true,
      avoids: false,
      secondThatDay: false,
    },
    {
      ...SLOT,
      slotId: 'slot-galley',
      dutyTypeName: 'Galley',
      memberId: 'bob',
      memberName: 'Bob Smith',
      count: 2,
      expected: 3,
      household: true,
      prefers: false,
      avoids: true,
      secondThatDay: false,
    },
  ],
  fairness: { proposal: FAIR, greedy: { ...FAIR, filled: 1, wishesKept: 0 } },
  open: [{ ...SLOT, slotId: 'slot-rib', dutyTypeName: 'Safety boat', open: 2 }],
});
const REFUSAL = 'These assignments break the rota rules: Bob Smith cannot do Galley at Summer Regatta (not qualified)';

/** The preview answered by `preview`, the publish by `publish`. */
const server =
  (preview: FakeServer, publish: FakeServer = () => json(200, { written: [], skipped: [], mailed: 0 })): FakeServer =>
  (request) =>
    request.path.endsWith('/preview') ? preview(request) : publish(request);

async function propose(season = '2026-06-01') {
  const field = screen.getByLabelText('A date in the season');
  await userEvent.clear(field);
  await userEvent.type(field, season);
  await userEvent.click(screen.getByRole('button', { name: 'Propose a fill' }));
}

describe('Fill the rota', () => {
  it('is linked from the duties screen', async () => {
    serveForm(() => json(500, { error: 'Internal error' }));
    renderAt('/admin/duties', <DutiesPage />);
    expect((await screen.findByRole('link', { name: 'Fill the rota' })).getAttribute('href')).toBe('/admin/duties/fill');
  });

  it('shows a loading line while the proposal is worked out, then the proposal by date, its fairness and the places left open', async () => {
    const held = heldAnswer();
    const form = serveForm(server(() => held.response));
    renderAt('/admin/duties/fill', <RotaFillPage />);
    await propose();
    expect(await screen.findByText('Working out a fair fill… this can take a little while.')).toBeTruthy();
    held.send(json(200, PREVIEW));
    const day = within(await screen.findByRole('region', { name: 'Proposed duties on Sat 4 July 2026' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Sat 4 July 2026' })).toBeTruthy();
    expect(day.getByRole('rowheader', { name: 'Officer of the Day (10:00–17:00)' }).closest('tr')?.textContent).toContain(
      'Ann JonesTheir duty 1 of 2 expected; they asked for this duty',
    );
    expect(day.getByText('Bob Smith').closest('tr')?.textContent).toContain('Their household’s duty 2 of 3 expected; they would rather not do this duty');
    const fairness = within(screen.getByRole('region', { name: 'Fairness of the proposal and of the simple pass' }));
    expect(fairness.getByRole('rowheader', { name: 'Places filled' }).closest('tr')?.textContent).toBe('Places filled21');
    const open = within(screen.getByRole('region', { name: 'Open places by duty' }));
    expect(open.getByRole('rowheader', { name: 'Safety boat' }).closest('tr')?.textContent).toBe('Safety boatSummer RegattaSat 4 July 20262');
    expect(form.bodies).toEqual([{ season: '2026-06-01' }]);
  });

  it('says "Failed to propose a fill" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, PREVIEW));
    const form = serveForm(server(read.server));
    renderAt('/admin/duties/fill', <RotaFillPage />);
    await propose();
    expect(await screen.findByText('Failed to propose a fill')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('checkbox', { name: 'Keep Ann Jones as Officer of the Day at Summer Regatta' })).toBeTruthy();
    expect(form.posts()).toHaveLength(2);
  });

  it('publishes only the duties kept, then says what was written and what was skipped', async () => {
    const form = serveForm(
      server(
        () => json(200, PREVIEW),
        () => json(200, { written: [], skipped: [{ slotId: 'slot-ood', memberId: 'ann', reason: 'This duty is already filled' }], mailed: 0 }),
      ),
    );
    renderAt('/admin/duties/fill', <RotaFillPage />);
    await propose();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Keep Bob Smith as Galley at Summer Regatta' }));
    expect(screen.getByText('1 of 2 proposed duties kept.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 1 duty' }));
    expect(await screen.findByText('Published: 0 duties written, 0 members e-mailed.')).toBeTruthy();
    expect(screen.getByText('Ann Jones as Officer of the Day at Summer Regatta: This duty is already filled')).toBeTruthy();
    expect(form.posts()).toEqual(['POST /api/admin/duties/rota-fill/preview', 'POST /api/admin/duties/rota-fill/publish']);
    expect(form.bodies[1]).toEqual({ season: '2026-04-01', assignments: [{ slotId: 'slot-ood', memberId: 'ann' }] });
  });

  it('shows the server’s refusal, naming member and duty, when the kept list breaks a rule', async () => {
    serveForm(
      server(
        () => json(200, PREVIEW),
        () => json(400, { error: REFUSAL }),
      ),
    );
    renderAt('/admin/duties/fill', <RotaFillPage />);
    await propose();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish 2 duties' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL);
    await waitFor(() => expect(screen.queryByText(/^Published:/)).toBeNull());
  });
});
