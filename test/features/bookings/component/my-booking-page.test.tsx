import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MyBookingPage } from '../../../../web/src/features/bookings/components/my-booking-page';
import { myBookingAnswer } from '../../../support/component/answers';
import { json, renderAt, serve } from '../../../support/component/render';

const BOOKING = myBookingAnswer(
  {
    details: [
      { label: 'Reference', value: 'KYC-7F3K9' },
      { label: 'Attending', value: '2' },
    ],
  },
  { requiresPayment: false, price: 0 },
);

describe('A member’s own booking, reached with the link of its confirmation', () => {
  it('says "Booking not found" for a link with no token, asking the server nothing', () => {
    const calls = serve(() => json(500, {}));
    renderAt('/my-booking', <MyBookingPage />);
    expect(screen.getByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says "Booking not found" when the server holds no booking for the token', async () => {
    serve(() => json(404, { error: 'Booking not found' }));
    renderAt('/my-booking?token=stale', <MyBookingPage />);
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
  });

  it('shows "Loading your booking..." then the booking, and cancels it after the member confirms', async () => {
    const calls = serve(({ method }) => json(200, method === 'POST' ? { ...BOOKING, cancelled: true, canCancel: false, status: 'Cancelled' } : BOOKING));
    renderAt('/my-booking?token=tok-1', <MyBookingPage />);
    expect(screen.getByText('Loading your booking...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking' })).toBeTruthy();
    expect(screen.getByText('KYC-7F3K9', { selector: 'dd' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel my booking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cancelled booking' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/my-booking?token=tok-1', 'POST /api/my-booking/cancel']);
  });

  it('says "Failed to load your booking" when the server fails', async () => {
    serve(() => json(500, { error: 'Internal error' }));
    renderAt('/my-booking?token=tok-1', <MyBookingPage />);
    expect(await screen.findByText('Failed to load your booking')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
