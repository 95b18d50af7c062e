import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { toCalendarEvent } from '../../../../core/bookings/calendar-event';
import { CardPaymentResultSchema } from '../../../../core/bookings/confirm-payment';
import { CheckoutSchema, type Checkout } from '../../../../core/bookings/get-checkout';
import { eventBookingPath } from '../../../../core/shared/paths';
import PaymentStep from '../../../../web/src/features/payments/components/payment-step';
import { PAYMENT_MESSAGES, TEST_MODE_LABEL } from '../../../../web/src/features/payments/payment-messages';
import { anEvent } from '../../../support/entities';
import { json, renderAt, serve, type FakeServer, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const EVENT = { ...toCalendarEvent(anEvent(), 10, NOW), conditions: null };
const CHECKOUT_PATH = '/api/payments/checkouts/chk-1';

function aCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return CheckoutSchema.parse({
    bookingId: 'booking-1',
    reference: 'KYC-7F3K9',
    eventId: EVENT.id,
    eventName: EVENT.name,
    amount: 1250,
    currency: 'GBP',
    paid: false,
    paymentsMode: 'test',
    billingContact: { givenName: 'Ann', familyName: 'Jones', email: 'ann@example.com' },
    managePath: null,
    cancelled: false,
    note: null,
    change: null,
    ...overrides,
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderStep(payment: 'pending' | 'success' = 'pending') {
  renderAt(
    eventBookingPath(EVENT.id, { step: payment, checkoutId: 'chk-1' }),
    <>
      <PaymentStep event={EVENT} checkoutId="chk-1" payment={payment} />
      <Where />
    </>,
  );
}

/** The checkout as `checkout` answers it; the payment as `pay` answers it. */
function server(checkout: () => Response | Promise<Response>, pay: FakeServer = () => json(500, { error: 'not asked' })): FakeServer {
  return (request) => (request.path === CHECKOUT_PATH ? checkout() : pay(request));
}

async function payWith(card: string) {
  await userEvent.type(await screen.findByLabelText(/Card number/), card);
  await userEvent.click(screen.getByRole('button', { name: 'Pay £12.50' }));
}

describe('The payment step', () => {
  it('shows "Loading payment..." until the checkout comes, then the amount, reference and the test card form', async () => {
    const held = heldAnswer();
    const calls = serve(server(() => held.response));
    renderStep();
    expect(screen.getByText('Loading payment...')).toBeTruthy();
    held.send(json(200, aCheckout()));
    expect(await screen.findByRole('heading', { name: 'Complete Your Payment' })).toBeTruthy();
    expect(screen.getByText('£12.50')).toBeTruthy();
    expect(screen.getByText('KYC-7F3K9')).toBeTruthy();
    expect(screen.getByText(TEST_MODE_LABEL)).toBeTruthy();
    expect(calls).toEqual([`GET ${CHECKOUT_PATH}`]);
  });

  it('sends the card for this checkout and goes on to the success step when it is paid', async () => {
    const bodies: unknown[] = [];
    const calls = serve(
      server(
        () => json(200, aCheckout()),
        ({ body }) => {
          bodies.push(body);
          return json(200, CardPaymentResultSchema.parse({ status: 'COMPLETED', bookingId: 'booking-1', paymentId: 'pay-1', alreadyPaid: false }));
        },
      ),
    );
    renderStep();
    await payWith('4111 1111 1111 1111');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(eventBookingPath(EVENT.id, { step: 'success', checkoutId: 'chk-1' })));
    expect(calls).toEqual([`GET ${CHECKOUT_PATH}`, 'POST /api/payments/complete']);
    expect(bodies).toEqual([{ checkoutId: 'chk-1', cardToken: '4111 1111 1111 1111' }]);
  });

  it('says the payment failed, with the gateway’s words, when the card is declined', async () => {
    serve(
      server(
        () => json(200, aCheckout()),
        () => json(200, { status: 'FAILED', bookingId: 'booking-1', message: 'Card declined' }),
      ),
    );
    renderStep();
    await payWith('4000 0000 0000 0002');
    expect(await screen.findByText(PAYMENT_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByText('Card declined')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay £12.50' })).toBeTruthy();
  });

  it('asks to check the details, and sends nothing, for a card number that is not one', async () => {
    const calls = serve(server(() => json(200, aCheckout())));
    renderStep();
    await payWith('1234');
    expect(await screen.findByText('Enter the card number (12 to 19 digits)')).toBeTruthy();
    expect(screen.getByText(PAYMENT_MESSAGES.invalid)).toBeTruthy();
    expect(calls).toEqual([`GET ${CHECKOUT_PATH}`]);
  });

  it('shows the server’s refusal once the places are gone, with Book again and no card form', async () => {
    serve(
      server(
        () => json(200, aCheckout()),
        () => json(402, { error: 'Your places were released: the 30 minutes to pay have passed.' }),
      ),
    );
    renderStep();
    await payWith('4111 1111 1111 1111');
    expect(await screen.findByText('Your places were released: the 30 minutes to pay have passed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe(eventBookingPath(EVENT.id));
    expect(screen.queryByRole('button', { name: 'Pay £12.50' })).toBeNull();
  });

  it('shows the success page for a paid checkout', async () => {
    serve(server(() => json(200, aCheckout({ paid: true }))));
    renderStep('success');
    expect(await screen.findByRole('heading', { name: 'Payment Created Successfully' })).toBeTruthy();
    expect(screen.getByText('Summer Regatta', { selector: 'strong' }).closest('p')?.textContent).toBe('Your booking for Summer Regatta is paid.');
    expect(
      screen.getByText('The link to see or cancel this booking is in your confirmation e-mail, and on this page in the browser you booked with.'),
    ).toBeTruthy();
  });

  it('says the payment could not be found for a checkout the server does not know', async () => {
    serve(server(() => json(404, { error: 'Checkout not found' })));
    renderStep();
    expect(await screen.findByText('This payment could not be found. The link may be wrong or out of date.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: PAYMENT_MESSAGES.generic })).toBeTruthy();
  });

  it('says a payment error occurred when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, aCheckout()));
    const calls = serve(server(read.server));
    renderStep();
    expect(await screen.findByText(PAYMENT_MESSAGES.error)).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('heading', { name: 'Complete Your Payment' })).toBeTruthy();
    expect(calls).toEqual([`GET ${CHECKOUT_PATH}`, `GET ${CHECKOUT_PATH}`]);
  });
});
