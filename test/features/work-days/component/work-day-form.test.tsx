import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { WORK_DAY_FORM_MESSAGES } from '@core/work-days/work-day-form';
import { WorkDayCreatePage } from '../../../../web/src/features/work-days/admin/components/work-day-form-pages';
import { json, renderAt, type FakeServer, heldAnswer, serveForm } from '../../../support/component/render';

function renderPage(create: FakeServer) {
  const recorded = serveForm(create);
  renderAt(
    '/admin/work-days/new',
    <Routes>
      <Route path="/admin/work-days/new" element={<WorkDayCreatePage />} />
    </Routes>,
  );
  return recorded;
}

const byId = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('The admin work-day form', () => {
  it('sends the day and its jobs', async () => {
    const { posts, bodies } = renderPage(() => json(400, { error: 'Refused', fields: {} }));
    await userEvent.type(byId('adm-workday-name'), 'Spring Work Day');
    await userEvent.type(byId('adm-workday-jobs-0-title'), 'Painting');
    await userEvent.click(screen.getByRole('button', { name: 'Create Work Day' }));
    await waitFor(() => expect(posts()).toEqual(['POST /api/admin/work-days']));
    expect(bodies[0]).toMatchObject({ name: 'Spring Work Day', jobs: [{ title: 'Painting' }] });
  });

  it("shows the rule's messages at a submit beside the day and the job row, focuses the first, sends nothing", async () => {
    const { posts } = renderPage(() => json(201, {}));
    await userEvent.click(screen.getByRole('button', { name: 'Create Work Day' }));
    expect(await screen.findByText(WORK_DAY_FORM_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(WORK_DAY_FORM_MESSAGES.jobTitleRequired).id).toBe('adm-workday-jobs-0-title-error');
    expect(screen.getByText('Please correct the 2 errors below.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(byId('adm-workday-name')));
    expect(posts()).toEqual([]);
    await userEvent.type(byId('adm-workday-name'), 'S');
    expect(screen.queryByText(WORK_DAY_FORM_MESSAGES.nameRequired)).toBeNull();
  });

  it("shows the server's refusal of a job row beside it and focuses it", async () => {
    renderPage(() => json(400, { error: WORK_DAY_FORM_MESSAGES.jobTwice, fields: { 'jobs.0.title': WORK_DAY_FORM_MESSAGES.jobTwice } }));
    await userEvent.type(byId('adm-workday-name'), 'Spring Work Day');
    await userEvent.type(byId('adm-workday-jobs-0-title'), 'Painting');
    await userEvent.click(screen.getByRole('button', { name: 'Create Work Day' }));
    expect((await screen.findByText(WORK_DAY_FORM_MESSAGES.jobTwice, { selector: '.field-error' })).id).toBe('adm-workday-jobs-0-title-error');
    await waitFor(() => expect(document.activeElement).toBe(byId('adm-workday-jobs-0-title')));
  });

  it('creates once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await userEvent.type(byId('adm-workday-name'), 'Spring Work Day');
    await userEvent.type(byId('adm-workday-jobs-0-title'), 'Painting');
    await userEvent.click(screen.getByRole('button', { name: 'Create Work Day' }));
    const busy = await screen.findByRole('button', { name: 'Creating…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(400, { error: 'Refused', fields: {} }));
    await screen.findByRole('button', { name: 'Create Work Day' });
    expect(posts()).toEqual(['POST /api/admin/work-days']);
  });
});
