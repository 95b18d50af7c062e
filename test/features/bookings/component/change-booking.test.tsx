import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHANGE_FORM_MESSAGES } from '@core/bookings/booking-change-form';
import { ChangeBooking } from '../../../../web/src/features/bookings/components/change-booking';
import type { MyBooking } from '../../../../web/src/features/bookings/api/cancel-my-booking';
import { PLAIN_FREE_EVENT } from '../../../support/entities';
import { myBookingAnswer } from '../../../support/component/answers';
import { json, renderAt, type FakeServer, heldAnswer, serveForm } from '../../../support/component/render';

const BOOKING: MyBooking = myBookingAnswer({ bookingId: 'b1', canChange: true }, { ...PLAIN_FREE_EVENT, offerChild: true });
const QUOTE = {
  numberAttending: 3,
  numberOfChildren: 1,
  currency: null,
  totalBefore: 0,
  totalAfter: 0,
  difference: 0,
  money: null,
  changed: false,
  checkoutId: null,
  bookingId: 'b1',
  eventId: 'summer-regatta',
};

function renderForm(answer: FakeServer) {
  const { calls, bodies } = serveForm(answer);
  renderAt('/my-booking?token=t1', <ChangeBooking token="t1" booking={BOOKING} />);
  return { calls, bodies };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('Change booking', () => {
  it('asks for the new total with the numbers typed', async () => {
    const { calls, bodies } = renderForm(() => json(200, QUOTE));
    await userEvent.clear(field('Total number attending'));
    await userEvent.type(field('Total number attending'), '3');
    await userEvent.clear(field('Of whom children'));
    await userEvent.type(field('Of whom children'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'See the new total' }));
    expect(await screen.findByRole('button', { name: 'Confirm change' })).toBeTruthy();
    expect(calls).toEqual(['POST /api/my-booking/change']);
    expect(bodies[0]).toEqual({ token: 't1', numberAttending: '3', numberOfChildren: '1', confirm: false });
  });

  it("shows the rule's message for more children than attending, focuses the field and sends nothing", async () => {
    const { calls } = renderForm(() => json(200, QUOTE));
    await userEvent.clear(field('Of whom children'));
    await userEvent.type(field('Of whom children'), '5');
    expect(await screen.findByText(CHANGE_FORM_MESSAGES.children)).toBeTruthy();
    // The message follows the number attending.
    await userEvent.clear(field('Total number attending'));
    await userEvent.type(field('Total number attending'), '6');
    await waitFor(() => expect(screen.queryByText(CHANGE_FORM_MESSAGES.children)).toBeNull());
    await userEvent.clear(field('Total number attending'));
    await userEvent.type(field('Total number attending'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'See the new total' }));
    expect(await screen.findByText(CHANGE_FORM_MESSAGES.children)).toBeTruthy();
    expect(field('Of whom children').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Of whom children')));
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal beside its field", async () => {
    renderForm(() => json(400, { error: 'Only 1 place is left', fields: { numberAttending: 'Only 1 place is left' } }));
    await userEvent.clear(field('Total number attending'));
    await userEvent.type(field('Total number attending'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'See the new total' }));
    expect(await screen.findAllByText('Only 1 place is left')).toHaveLength(2);
    expect(document.getElementById('change-numberAttending-error')?.textContent).toBe('Only 1 place is left');
    await waitFor(() => expect(document.activeElement).toBe(field('Total number attending')));
  });

  it('asks once while the request is under way', async () => {
    const held = heldAnswer();
    const { calls } = renderForm(() => held.response);
    await userEvent.click(screen.getByRole('button', { name: 'See the new total' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'See the new total' }) as HTMLButtonElement).disabled).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'See the new total' }));
    held.send(json(200, QUOTE));
    await screen.findByRole('button', { name: 'Confirm change' });
    expect(calls).toEqual(['POST /api/my-booking/change']);
  });
});
