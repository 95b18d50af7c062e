import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDateRange } from '@core/shared/date-text';
import { formatMoney, minorToDecimalText } from '@core/shared/money';
import { NO_EMAIL_MESSAGES, isEmailed } from '@core/bookings/booking-without-email';
import { eventBookingPath } from '@core/shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyLink } from '../../../components/ui/copy-link';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import type { CalendarEvent } from '../../events/exports/get-calendar-events';
import { CalendarLinks } from '../../events/exports/calendar-links';
import { useCheckout, useCompletePayment, type Checkout, type SquareSettings } from '../api/payments';
import { MANAGE_LINK_ELSEWHERE, PAYMENT_MESSAGES } from '../payment-messages';
import { SquareCardForm } from './square-card-form';
import { TestCardForm } from './test-card-form';

export interface PaymentStepProps {
  event: CalendarEvent;
  checkoutId: string;
  payment: 'pending' | 'success';
}

const bookingPageUrl = eventBookingPath;

/** Moves focus to the element once, when the step appears, so screen readers announce it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

interface Problem {
  message: string;
  /** The gateway's own words (e.g. "Card declined"), shown under the spec's message. */
  detail?: string;
  /** The place is gone: paying is over, only booking again helps. */
  final?: boolean;
}

/** Every answer of the server (or none) as the message the spec gives for it. */
function problemFor(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.status === 400) return { message: PAYMENT_MESSAGES.invalid };
    if (error.status === 402) return { message: error.message, final: true };
    if (error.status === 404) return { message: PAYMENT_MESSAGES.generic, detail: error.message, final: true };
  }
  return { message: PAYMENT_MESSAGES.error };
}

/** A paid booking that no longer stands: cancelled since, or paid after its places had gone (and refunded). */
function PaidButCancelled({ event, checkout }: { event: CalendarEvent; checkout: Checkout }) {
  usePageTitle('Booking cancelled');
  return (
    <section className="card closed-card" aria-labelledby="payment-cancelled-heading">
      <h2 id="payment-cancelled-heading" tabIndex={-1} ref={useFocusOnMount<HTMLHeadingElement>()}>
        This booking is cancelled
      </h2>
      <p>
        Your booking for <strong>{event.name}</strong> (reference <strong>{checkout.reference}</strong>) has been cancelled. If your payment arrived after the
        30 minutes your places were held for and the event had filled up meanwhile, the booking could not be kept.
      </p>
      {checkout.note && <p>{checkout.note}</p>}
      {checkout.managePath && (
        <p>
          <Link to={checkout.managePath}>See the booking</Link>
        </p>
      )}
      <Link className="btn btn-ghost" to="/calendar">
        Back to the calendar
      </Link>
    </section>
  );
}

/** A change's new numbers as the member reads them: "now 3 attending, 1 of them a child". */
function changeText(change: NonNullable<Checkout['change']>): string {
  const children = change.numberOfChildren === 0 ? '' : `, ${change.numberOfChildren} of them ${change.numberOfChildren === 1 ? 'a child' : 'children'}`;
  return `now ${change.numberAttending} attending${children}`;
}

function PaymentSuccess({ event, checkout, checkoutId }: { event: CalendarEvent; checkout: Checkout; checkoutId: string }) {
  const config = useClubConfig();
  usePageTitle('Payment Created Successfully');
  return (
    <section className="card success-card" aria-labelledby="payment-success-heading">
      <p className="success-icon" aria-hidden="true">
        ✓
      </p>
      <h2 id="payment-success-heading" tabIndex={-1} ref={useFocusOnMount<HTMLHeadingElement>()}>
        Payment Created Successfully
      </h2>
      {checkout.change ? (
        <p>
          The change to your booking for <strong>{event.name}</strong> is paid: {changeText(checkout.change)}.
        </p>
      ) : (
        <p>
          Your booking for <strong>{event.name}</strong> is paid.
        </p>
      )}
      <p className="booking-reference">
        Booking reference: <strong>{checkout.reference}</strong>
      </p>
      <p className="booking-reference">
        Checkout: <strong className="checkout-id">{checkoutId}</strong>
      </p>
      <p className="event-date">{formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')}</p>
      {checkout.managePath === null ? (
        <p className="manage-link-elsewhere">
          {isEmailed({ userEmail: checkout.billingContact.email }) ? MANAGE_LINK_ELSEWHERE.emailed : MANAGE_LINK_ELSEWHERE.notEmailed}
        </p>
      ) : isEmailed({ userEmail: checkout.billingContact.email }) ? (
        <p>
          Keep this link to see or cancel your booking later: <Link to={checkout.managePath}>Manage my booking</Link>
        </p>
      ) : (
        // No e-mail: nothing will remind them of this link, so the page says so and helps keep it.
        <>
          <Alert tone="warning" title={NO_EMAIL_MESSAGES.title}>
            <p>{NO_EMAIL_MESSAGES.body}</p>
          </Alert>
          <CopyLink path={checkout.managePath} text={NO_EMAIL_MESSAGES} />
          <p>
            <Link to={checkout.managePath}>Manage my booking</Link>
          </p>
        </>
      )}
      <h3>Add it to your calendar</h3>
      <CalendarLinks event={event} location={config.clubName} />
      <div className="event-actions">
        <Link className="btn btn-ghost" to="/calendar">
          Back to the calendar
        </Link>
      </div>
    </section>
  );
}

function CardStep({ event, checkout, checkoutId, square }: { event: CalendarEvent; checkout: Checkout; checkoutId: string; square: SquareSettings | null }) {
  const navigate = useNavigate();
  const pay = useCompletePayment(checkoutId);
  // When the card form last refused the card before anything was sent (0: not since the last payment).
  const [invalidAt, setInvalidAt] = useState(0);
  const [formFailed, setFormFailed] = useState(false);
  // A new key remounts the card form: "Try Again" after it failed to load starts it afresh.
  const [formKey, setFormKey] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  usePageTitle('Complete Your Payment');

  let problem: Problem | null = null;
  if (invalidAt > 0) problem = { message: PAYMENT_MESSAGES.invalid };
  else if (pay.isError) problem = problemFor(pay.error);
  else if (pay.isSuccess && pay.data.status !== 'COMPLETED') problem = { message: PAYMENT_MESSAGES.failed, detail: pay.data.message };
  const showsProblem = problem !== null;

  useEffect(() => {
    if (showsProblem || formFailed) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showsProblem, invalidAt, pay.status, formFailed]);

  const amount = formatMoney(checkout.amount, checkout.currency);
  const onToken = async (cardToken: string) => {
    setInvalidAt(0);
    try {
      const answer = await pay.mutateAsync(cardToken);
      if (answer.status === 'COMPLETED') navigate(bookingPageUrl(event.id, { step: 'success', checkoutId }), { replace: true });
    } catch {
      // Shown as the payment's error (problemFor).
    }
  };

  const cancel = () => {
    if (!window.confirm(PAYMENT_MESSAGES.confirmCancel)) return;
    navigate(bookingPageUrl(event.id), { replace: true });
  };

  const formProps = {
    payLabel: `Pay ${amount}`,
    amountText: minorToDecimalText(checkout.amount),
    currency: checkout.currency,
    billingContact: checkout.billingContact,
    busy: pay.isPending,
    onToken,
    onInvalid: () => setInvalidAt(Date.now()),
    onLoadFailed: () => setFormFailed(true),
  };

  let form;
  if (formFailed) {
    form = null;
  } else if (checkout.paymentsMode === 'square') {
    form = square ? <SquareCardForm key={formKey} settings={square} {...formProps} /> : null;
  } else {
    form = <TestCardForm key={formKey} {...formProps} />;
  }

  return (
    <section className="card payment-card" aria-labelledby="payment-heading">
      <h2 id="payment-heading" tabIndex={-1} ref={headingRef}>
        Complete Your Payment
      </h2>
      <dl className="payment-summary">
        <div>
          <dt>Event</dt>
          <dd>{checkout.eventName}</dd>
        </div>
        {checkout.change && (
          <div>
            <dt>Change</dt>
            <dd className="payment-change">{changeText(checkout.change)}, the difference to pay</dd>
          </div>
        )}
        <div>
          <dt>Amount to pay</dt>
          <dd className="payment-amount">{amount}</dd>
        </div>
        <div>
          <dt>Booking reference</dt>
          <dd className="booking-reference">
            <strong>{checkout.reference}</strong>
          </dd>
        </div>
      </dl>
      <div ref={alertRef}>
        {formFailed && (
          <Alert tone="error" title={PAYMENT_MESSAGES.loadFailed}>
            <Button
              variant="secondary"
              onClick={() => {
                setFormFailed(false);
                setFormKey((k) => k + 1);
              }}
            >
              Try Again
            </Button>
          </Alert>
        )}
        {problem && (
          <Alert tone="error" title={problem.message}>
            {problem.detail && <p>{problem.detail}</p>}
            {problem.final && <Link to={bookingPageUrl(event.id)}>Book again</Link>}
          </Alert>
        )}
      </div>
      {!problem?.final && form}
      <div className="event-actions">
        <Button variant="ghost" onClick={cancel} disabled={pay.isPending}>
          Cancel Payment
        </Button>
      </div>
    </section>
  );
}

/**
 * The booking page's card step (`?payment=pending&checkoutId=...`) and its success page
 * (`?payment=success&checkoutId=...`). The amount and whether it is paid come from the server;
 * the success page is shown only for a checkout the server says is paid.
 */
export default function PaymentStep({ event, checkoutId, payment }: PaymentStepProps) {
  const navigate = useNavigate();
  const state = useCheckout(checkoutId);

  const paid = state.status === 'success' && state.data.checkout.paid;
  useEffect(() => {
    // The address says one thing, the server another: the server is right.
    if (state.status !== 'success') return;
    if (paid && payment === 'pending') navigate(bookingPageUrl(event.id, { step: 'success', checkoutId }), { replace: true });
    if (!paid && payment === 'success') navigate(bookingPageUrl(event.id, { step: 'pending', checkoutId }), { replace: true });
  }, [state.status, paid, payment, event.id, checkoutId, navigate]);

  if (state.status === 'pending') return <Spinner label="Loading payment..." />;
  if (state.status === 'error') {
    const notFound = state.error instanceof ApiError && state.error.status === 404;
    return (
      <section className="card closed-card" aria-labelledby="payment-problem-heading">
        <h2 id="payment-problem-heading">{PAYMENT_MESSAGES.generic}</h2>
        {notFound ? (
          <p>This payment could not be found. The link may be wrong or out of date.</p>
        ) : (
          <Alert tone="error" title={PAYMENT_MESSAGES.error}>
            <Button variant="secondary" onClick={state.tryAgain}>
              Try Again
            </Button>
          </Alert>
        )}
        <Link to={bookingPageUrl(event.id)}>Back to the event</Link>
      </section>
    );
  }
  const { checkout, square } = state.data;
  if (checkout.eventId !== event.id) {
    return (
      <section className="card closed-card" aria-labelledby="payment-problem-heading">
        <h2 id="payment-problem-heading">{PAYMENT_MESSAGES.generic}</h2>
        <p>This payment is for another event.</p>
        <Link to={bookingPageUrl(checkout.eventId, { step: payment, checkoutId })}>Go to that event&apos;s payment</Link>
      </section>
    );
  }
  if (paid && payment !== 'success') return <Spinner label="Loading payment..." />;
  if (paid)
    return checkout.cancelled ? (
      <PaidButCancelled event={event} checkout={checkout} />
    ) : (
      <PaymentSuccess event={event} checkout={checkout} checkoutId={checkoutId} />
    );
  return <CardStep event={event} checkout={checkout} checkoutId={checkoutId} square={square} />;
}
