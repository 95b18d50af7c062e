import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '@core/bookings/booking-validation';
import { BookingForm } from '../../../../web/src/features/bookings/components/booking-form';
import { anEvent, PLAIN_FREE_EVENT } from '../../../support/entities';
import { json, renderAt, serve, type FakeServer, heldAnswer } from '../../../support/component/render';

const EVENT = { ...anEvent({ ...PLAIN_FREE_EVENT, offerChild: true }), bookingOpen: true, placesLeft: 30 };
const RECEIPT = {
  bookingId: 'b1',
  reference: 'KYC-7F3K9',
  paymentRequired: false,
  amount: 0,
  currency: 'GBP',
  checkoutId: null,
  managePath: null,
  redirectUrl: null,
};

/** The form for a free event, nobody signed in; `book` answers POST /api/bookings. */
function renderForm(book: FakeServer) {
  const bodies: unknown[] = [];
  const calls = serve((request) => {
    if (request.method === 'POST') {
      bodies.push(request.body);
      return book(request);
    }
    return json(401, { error: 'Not signed in' });
  });
  const onBooked = vi.fn();
  renderAt('/event-booking?id=summer-regatta', <BookingForm event={EVENT} maxAttendees={50} onBooked={onBooked} onPlacesLeft={() => undefined} />);
  return { posts: () => calls.filter((call) => call.startsWith('POST')), bodies, onBooked };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('The booking form', () => {
  it('books with the values typed, then offers a fresh form', async () => {
    const { posts, bodies, onBooked } = renderForm(() => json(201, RECEIPT));
    await userEvent.type(field('Lead Member First Name *'), 'Ann');
    await userEvent.type(field('Lead Member Last Name *'), 'Sailor');
    await userEvent.clear(field('Total Number Attending *'));
    await userEvent.type(field('Total Number Attending *'), '3x');
    await userEvent.type(field('Number of Children (12 years or under)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(posts()).toEqual(['POST /api/bookings']);
    expect(bodies[0]).toMatchObject({ eventId: 'summer-regatta', firstName: 'Ann', lastName: 'Sailor', numberAttending: '3', numberOfChildren: '1' });
    await waitFor(() => expect(field('Lead Member First Name *').value).toBe(''));
    expect(field('Total Number Attending *').value).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a field's message as soon as it is left empty, and every message after a submit, focusing the first", async () => {
    const { posts } = renderForm(() => json(201, RECEIPT));
    // Leaving the first name: its message shows, not yet the last name's.
    field('Lead Member First Name *').focus();
    fireEvent.blur(field('Lead Member First Name *'));
    expect(await screen.findByText(BOOKING_MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.queryByText(BOOKING_MESSAGES.lastNameRequired)).toBeNull();
    await userEvent.type(field('Number of Children (12 years or under)'), '4');
    expect(await screen.findByText(BOOKING_MESSAGES.childrenExceed(4, 1))).toBeTruthy();
    // The children's message follows the number attending.
    await userEvent.clear(field('Total Number Attending *'));
    await userEvent.type(field('Total Number Attending *'), '5');
    await waitFor(() => expect(screen.queryByText(BOOKING_MESSAGES.childrenExceed(4, 1))).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    expect(await screen.findByText(BOOKING_MESSAGES.lastNameRequired)).toBeTruthy();
    const first = field('Lead Member First Name *');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe('booking-firstName-error');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(posts()).toEqual([]);
    await userEvent.type(first, 'Ann');
    await waitFor(() => expect(screen.queryByText(BOOKING_MESSAGES.firstNameRequired)).toBeNull());
  });

  it("shows the server's field refusal beside the field, with the form's message", async () => {
    renderForm(() => json(400, { error: 'Please enter a valid email address', fields: { email: 'Please enter a valid email address' } }));
    await userEvent.type(field('Lead Member First Name *'), 'Ann');
    await userEvent.type(field('Lead Member Last Name *'), 'Sailor');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    expect((await screen.findByText('Please enter a valid email address')).id).toBe('booking-email-error');
    expect(screen.getByText(BOOKING_MESSAGES.submitFailed)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Email (optional)')));
  });

  it('sends one booking while it is under way', async () => {
    const held = heldAnswer();
    const { posts, onBooked } = renderForm(() => held.response);
    await userEvent.type(field('Lead Member First Name *'), 'Ann');
    await userEvent.type(field('Lead Member Last Name *'), 'Sailor');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Booking' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    held.send(json(201, RECEIPT));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(posts()).toEqual(['POST /api/bookings']);
  });
});
