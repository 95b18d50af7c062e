import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AvailabilitySection } from '../../../../web/src/features/my-club/components/availability-section';
import { MyDutyQuotaSection } from '../../../../web/src/features/my-club/components/my-duty-quota-section';
import { SeasonRotaSection } from '../../../../web/src/features/my-club/components/season-rota-section';
import { failingUntilTryAgain, json, renderAt, serve, serveForm } from '../../../support/component/render';

// My club's availability, quota and season's rota sections (docs/my-club.md).
const SEASON = { start: '2026-04-01', end: '2027-03-31' };
const VIEW = {
  season: SEASON,
  dates: [
    { date: '2026-07-04', events: [{ id: 'e-1', name: 'Club race' }] },
    { date: '2026-07-11', events: [{ id: 'e-2', name: 'Open day' }] },
    { date: '2026-08-15', events: [{ id: 'e-3', name: 'Regatta' }] },
  ],
  dutyTypes: [
    { id: 'galley', name: 'Galley' },
    { id: 'safety', name: 'Safety boat' },
  ],
  mine: { unavailable: ['2026-07-11'], wishes: [{ dutyTypeId: 'safety', wish: 'rather-not' }], updatedAt: '2026-06-01T10:00:00.000Z' },
  household: [
    { memberId: 'ann', name: 'Ann Harbour', you: true, unavailable: ['2026-07-11'], wishes: [{ dutyTypeId: 'safety', wish: 'rather-not' }] },
    { memberId: 'bob', name: 'Bob Harbour', you: false, unavailable: ['2026-08-15'], wishes: [{ dutyTypeId: 'galley', wish: 'prefer' }] },
  ],
};

describe('Availability and wishes', () => {
  it("shows the season's dates by month with the member's ticks and wishes, and the household's marks", async () => {
    serve((request) => (request.path === '/api/my/availability' ? json(200, VIEW) : json(404, { error: 'Not found' })));
    renderAt('/my', <AvailabilitySection />);
    const section = within(await screen.findByRole('region', { name: 'Availability and wishes' }));
    const july = within(await section.findByRole('group', { name: 'July 2026' }));
    expect((july.getByLabelText(/4 July 2026: Club race/) as HTMLInputElement).checked).toBe(false);
    expect((july.getByLabelText(/11 July 2026: Open day/) as HTMLInputElement).checked).toBe(true);
    expect(section.getByRole('group', { name: 'August 2026' })).toBeTruthy();
    expect((section.getByLabelText('Safety boat') as HTMLSelectElement).value).toBe('rather-not');
    expect((section.getByLabelText('Galley') as HTMLSelectElement).value).toBe('');
    expect(section.getByText('Bob Harbour')).toBeTruthy();
    expect(section.getByText(/Cannot do: .*15 August 2026/)).toBeTruthy();
    expect(section.getByText('Prefer: Galley')).toBeTruthy();
  });

  it('saves the ticked dates and the wishes, and says so', async () => {
    const { calls, bodies } = serveForm(
      ({ body }) => json(200, { ...VIEW, mine: { ...(body as object), updatedAt: '2026-06-01T11:00:00.000Z' } }),
      (request) => (request.path === '/api/my/availability' ? json(200, VIEW) : json(404, { error: 'Not found' })),
    );
    renderAt('/my', <AvailabilitySection />);
    const section = within(await screen.findByRole('region', { name: 'Availability and wishes' }));
    await userEvent.click(await section.findByLabelText(/4 July 2026: Club race/));
    await userEvent.click(section.getByLabelText(/11 July 2026: Open day/));
    await userEvent.selectOptions(section.getByLabelText('Galley'), 'Prefer');
    await userEvent.click(section.getByRole('button', { name: 'Save availability and wishes' }));
    expect(await section.findByText('Your availability and wishes are saved.')).toBeTruthy();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual(['PUT /api/my/availability']);
    expect(bodies[0]).toEqual({
      unavailable: ['2026-07-04'],
      wishes: [
        { dutyTypeId: 'galley', wish: 'prefer' },
        { dutyTypeId: 'safety', wish: 'rather-not' },
      ],
    });
  });

  it("shows the server's refusal and keeps the ticks", async () => {
    serveForm(
      () =>
        json(400, {
          error: 'Choose dates within this season, 2026-04-01 to 2027-03-31',
          fields: { unavailable: 'Choose dates within this season, 2026-04-01 to 2027-03-31' },
        }),
      (request) => (request.path === '/api/my/availability' ? json(200, VIEW) : json(404, { error: 'Not found' })),
    );
    renderAt('/my', <AvailabilitySection />);
    const section = within(await screen.findByRole('region', { name: 'Availability and wishes' }));
    await userEvent.click(await section.findByLabelText(/4 July 2026: Club race/));
    await userEvent.click(section.getByRole('button', { name: 'Save availability and wishes' }));
    expect(await section.findByText('Choose dates within this season, 2026-04-01 to 2027-03-31')).toBeTruthy();
    expect((section.getByLabelText(/4 July 2026: Club race/) as HTMLInputElement).checked).toBe(true);
  });

  it('says when it failed to load, and loads again with Try Again', async () => {
    const failing = failingUntilTryAgain(() => json(200, VIEW));
    serve((request) => (request.path === '/api/my/availability' ? failing.server() : json(404, { error: 'Not found' })));
    renderAt('/my', <AvailabilitySection />);
    expect(await screen.findByText('Failed to load your availability')).toBeTruthy();
    await failing.tryAgain();
    expect(await screen.findByRole('group', { name: 'July 2026' })).toBeTruthy();
  });
});

describe('My duties this season', () => {
  it('says n of m, done and signed up for, and whose quota it is', async () => {
    serve(() => json(200, { season: SEASON, scope: 'household', expected: 3, done: 1, pledged: 1, category: 'Family' }));
    renderAt('/my', <MyDutyQuotaSection />);
    expect(await screen.findByRole('heading', { name: 'My duties this season: 2 of 3' })).toBeTruthy();
    expect(screen.getByText('3 a season with Family membership, for your whole household')).toBeTruthy();
  });
});

describe("This season's rota", () => {
  it('lists each event with its duties and their holders as the server names them, and the places open', async () => {
    serve(() =>
      json(200, {
        season: SEASON,
        events: [
          {
            eventId: 'e-1',
            eventName: 'Club race',
            start: '2026-07-04T09:00:00.000Z',
            end: '2026-07-04T16:00:00.000Z',
            slots: [
              { slotId: 's-1', dutyTypeName: 'Galley', needed: 2, optional: false, holders: ['Ann B.'] },
              { slotId: 's-2', dutyTypeName: 'Safety boat', needed: 1, optional: false, holders: [] },
            ],
          },
        ],
      }),
    );
    renderAt('/my', <SeasonRotaSection />);
    const section = within(await screen.findByRole('region', { name: 'This season’s rota' }));
    expect(await section.findByRole('heading', { name: /^Club race · .*4 July 2026/ })).toBeTruthy();
    expect(section.getByText(/Ann B\. \(1 place open\)/)).toBeTruthy();
    expect(section.getByText(/nobody yet \(1 place open\)/)).toBeTruthy();
  });
});
