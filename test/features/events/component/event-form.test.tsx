import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { EVENT_FORM_MESSAGES } from '@core/events/event-form';
import { EventCreatePage } from '../../../../web/src/features/events/admin/components/event-form-pages';
import { json, renderAt, type FakeServer, heldAnswer, serveForm } from '../../../support/component/render';

function renderPage(create: FakeServer) {
  const recorded = serveForm(create);
  renderAt(
    '/admin/events/new',
    <Routes>
      <Route path="/admin/events/new" element={<EventCreatePage />} />
      <Route path="/admin/events" element={<h1>Events list</h1>} />
    </Routes>,
  );
  return recorded;
}

const startDate = () => document.getElementById('adm-event-eventdatetime') as HTMLInputElement;
const startTime = () => document.getElementById('adm-event-eventdatetime-time') as HTMLInputElement;
const name = () => screen.getByLabelText(/^Event Name/) as HTMLInputElement;

describe('The event form', () => {
  it('sends the event with its London start', async () => {
    const { posts, bodies } = renderPage(() => json(400, { error: 'Refused', fields: {} }));
    await userEvent.type(name(), 'Laying-up supper');
    await userEvent.type(startDate(), '12/12/2026');
    await userEvent.type(startTime(), '19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posts()).toEqual(['POST /api/admin/events']));
    expect(bodies[0]).toMatchObject({ name: 'Laying-up supper', eventdatetime: '2026-12-12T19:00' });
  });

  it("counts the core rule's messages at a submit, focuses the first, sends nothing, and clears each as its field changes", async () => {
    const { posts } = renderPage(() => json(201, {}));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText(EVENT_FORM_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(EVENT_FORM_MESSAGES.startRequired)).toBeTruthy();
    expect(screen.getByText('Please correct the 2 errors below.')).toBeTruthy();
    expect(name().getAttribute('aria-describedby')).toContain('adm-event-name-error');
    await waitFor(() => expect(document.activeElement).toBe(name()));
    expect(posts()).toEqual([]);
    await userEvent.type(startDate(), '1');
    expect(screen.queryByText(EVENT_FORM_MESSAGES.startRequired)).toBeNull();
    expect(screen.getByText('Please correct the error below.')).toBeTruthy();
  });

  it("shows the server's field refusal beside the field and focuses it", async () => {
    renderPage(() => json(400, { error: EVENT_FORM_MESSAGES.endBeforeStart, fields: { eventenddatetime: EVENT_FORM_MESSAGES.endBeforeStart } }));
    await userEvent.type(name(), 'Laying-up supper');
    await userEvent.type(startDate(), '12/12/2026');
    await userEvent.type(startTime(), '19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect((await screen.findByText(EVENT_FORM_MESSAGES.endBeforeStart, { selector: '[id$="-error"]' })).id).toBe('adm-event-eventenddatetime-error');
    await waitFor(() => expect(document.activeElement?.id).toBe('adm-event-eventenddatetime'));
  });

  it('creates once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await userEvent.type(name(), 'Laying-up supper');
    await userEvent.type(startDate(), '12/12/2026');
    await userEvent.type(startTime(), '19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    const busy = await screen.findByRole('button', { name: 'Creating…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(400, { error: 'Refused', fields: {} }));
    await screen.findByRole('button', { name: 'Create Event' });
    expect(posts()).toEqual(['POST /api/admin/events']);
  });
});
