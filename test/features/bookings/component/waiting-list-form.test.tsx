import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WAITING_LIST_MESSAGES } from '@core/waiting-list/waiting-list';
import { WaitingListForm } from '../../../../web/src/features/bookings/components/waiting-list-form';
import { json, renderAt, type FakeServer, heldAnswer, serveForm, pressOnceWhileHeld } from '../../../support/component/render';

const JOINED = { entryId: 'w1', message: WAITING_LIST_MESSAGES.joined, position: 2 };

function renderForm(answer: FakeServer) {
  const { calls, bodies } = serveForm(answer);
  renderAt('/event-booking?id=e1', <WaitingListForm eventId="e1" maxAttendees={10} />);
  return { calls, bodies };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fill() {
  await userEvent.type(field('Name *'), 'Ann Sailor');
  await userEvent.type(field('Email *'), 'ann@club.example');
  await userEvent.clear(field('Places wanted *'));
  await userEvent.type(field('Places wanted *'), '2');
}

describe('The waiting-list form', () => {
  it('sends the name, e-mail and places, then says where the member is in line', async () => {
    const { calls, bodies } = renderForm(() => json(201, JOINED));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('heading', { name: "You're on the waiting list" })).toBeTruthy();
    expect(calls).toEqual(['POST /api/events/e1/waiting-list']);
    expect(bodies[0]).toEqual({ name: 'Ann Sailor', email: 'ann@club.example', places: '2' });
  });

  it("shows the rule's message once a field is left, all at a submit, focusing the first, and sends nothing", async () => {
    const { calls } = renderForm(() => json(201, JOINED));
    await userEvent.type(field('Email *'), 'ann');
    await userEvent.tab();
    expect(await screen.findByText(WAITING_LIST_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(WAITING_LIST_MESSAGES.nameRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText(WAITING_LIST_MESSAGES.nameRequired)).toBeTruthy();
    expect(field('Name *').getAttribute('aria-describedby')).toBe('waitlist-name-error');
    await waitFor(() => expect(document.activeElement).toBe(field('Name *')));
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal beside its field", async () => {
    renderForm(() => json(400, { error: WAITING_LIST_MESSAGES.alreadyWaiting, fields: { email: WAITING_LIST_MESSAGES.alreadyWaiting } }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect((await screen.findByText(WAITING_LIST_MESSAGES.alreadyWaiting)).id).toBe('waitlist-email-error');
    expect(screen.getByText('Failed to join the waiting list. Please try again.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Email *')));
  });

  it('joins once while the request is under way', async () => {
    const held = heldAnswer();
    const { calls } = renderForm(() => held.response);
    await fill();
    await pressOnceWhileHeld(screen, held, { submit: 'Join the waiting list', busy: 'Joining...', disabled: 'button', answer: json(201, JOINED) });
    await screen.findByRole('heading', { name: "You're on the waiting list" });
    expect(calls).toEqual(['POST /api/events/e1/waiting-list']);
  });
});
