import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingConfirmation } from '../../../../core/bookings/booking-mail';
import { isEmailed, NO_EMAIL_MESSAGES } from '../../../../core/bookings/booking-without-email';
import { makeBooking, makeEvent } from '../../../support/unit/domain-fixtures';

const CONTEXT = { clubName: 'Kestrel Yacht Club', location: 'Kestrel Yacht Club', manageUrl: 'https://members.example/my-booking?token=abc' };

describe('a booking without an e-mail', () => {
  it('is told it gets no e-mails exactly when the confirmation cannot be written (property)', () => {
    const event = makeEvent();
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.emailAddress(), fc.constant(''))), (userEmail) => {
        const booking = makeBooking({ userEmail });
        let confirmed = true;
        try {
          bookingConfirmation(booking, event, CONTEXT);
        } catch {
          confirmed = false;
        }
        expect(isEmailed(booking)).toBe(confirmed);
      }),
    );
  });

  it('is told before booking and after that the link shown is the only way back', () => {
    expect(NO_EMAIL_MESSAGES.hint).toContain('no confirmation is sent');
    expect(NO_EMAIL_MESSAGES.hint).toContain('only way back');
    expect(NO_EMAIL_MESSAGES.body).toContain('no confirmation e-mail will come');
    expect(NO_EMAIL_MESSAGES.body).toContain('only way back to your booking');
    expect(isEmailed({ userEmail: null })).toBe(false);
    expect(isEmailed({ userEmail: 'ada@example.org' })).toBe(true);
  });
});
