import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { changeCounts } from '@core/bookings/booking-change-form';
import { formatMoney } from '@core/shared/money';
import type { Currency } from '@core/shared/money';
import { ApiError } from '../../../lib/api';
import { useForm } from '../../../lib/form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import type { MyBooking } from '../api/cancel-my-booking';
import { useChangeMyBooking, type BookingChangeQuote, type ChangeNumbers } from '../api/change-my-booking';

type Key = keyof ChangeNumbers;
const ORDER: readonly Key[] = ['numberAttending', 'numberOfChildren'];
const idOf = (name: Key) => `change-${name}`;

function money(minor: number, currency: string | null): string {
  return currency === null ? 'Free' : formatMoney(minor, currency as Currency);
}

/** The words for a refusal: the server's own, else a plea to try again. */
function failure(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : 'Your booking could not be changed just now. Please try again.';
}

/**
 * Change booking (docs/payments.md#changing-a-booking): new numbers, then the new total and the
 * difference from the server (the price is the server's), then Confirm change. The server checks
 * the places and every limit again when the change is made.
 */
export function ChangeBooking({ token, booking }: { token: string; booking: MyBooking }) {
  const [quote, setQuote] = useState<BookingChangeQuote | null>(null);
  const [done, setDone] = useState<BookingChangeQuote | null>(null);
  const change = useChangeMyBooking(token);
  const navigate = useNavigate();
  const form = useForm<ChangeNumbers, Key>({
    initial: { numberAttending: String(booking.numberAttending), numberOfChildren: String(booking.numberOfChildren) },
    validate: (values) => {
      const counts = changeCounts(values, booking.maxAttendees);
      return counts.ok ? {} : { [counts.field]: counts.error };
    },
    order: ORDER,
    idOf,
  });

  if (!booking.canChange) return null;

  const ask = form.handleSubmit(async (numbers) => {
    setDone(null);
    try {
      setQuote(await change.mutateAsync({ numbers, confirm: false }));
    } catch (error) {
      setQuote(null);
      form.refuse(error instanceof ApiError ? error.fields : {}, failure(error));
    }
  });
  const confirm = async () => {
    try {
      const made = await change.mutateAsync({ numbers: form.values, confirm: true });
      setQuote(null);
      // A larger card-paid booking: the difference is paid on the booking page's card step, and
      // the booking changes once it is paid (leaving the card step leaves it as it was).
      if (made.paymentUrl) {
        navigate(made.paymentUrl);
        return;
      }
      setDone(made);
    } catch (error) {
      setQuote(null);
      form.refuse(error instanceof ApiError ? error.fields : {}, failure(error));
    }
  };

  return (
    <section aria-labelledby="change-booking-title">
      <h2 id="change-booking-title">Change booking</h2>
      <p>Coming with more or fewer people? Change the numbers here: you see the new total before anything changes.</p>
      {done && (
        <Alert tone="success" title="Your booking has been changed.">
          <p>
            It is now for {done.numberAttending} attending{done.numberOfChildren > 0 ? `, ${done.numberOfChildren} of them children` : ''}. {done.money ?? ''} We have e-mailed you the details.
          </p>
        </Alert>
      )}
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <form onSubmit={ask} noValidate>
        <InputField id={idOf('numberAttending')} label="Total number attending" inputMode="numeric" required error={form.errorFor('numberAttending')} {...form.bind('numberAttending')} />
        <InputField id={idOf('numberOfChildren')} label="Of whom children (12 or under)" inputMode="numeric" error={form.errorFor('numberOfChildren')} {...form.bind('numberOfChildren')} />
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          See the new total
        </Button>
      </form>
      {quote && (
        <div role="status" className="change-quote">
          <p>
            New total: <strong>{money(quote.totalAfter, quote.currency)}</strong> (was {money(quote.totalBefore, quote.currency)}).
            {quote.difference !== 0 ? ` Difference: ${quote.difference < 0 ? '-' : '+'}${money(Math.abs(quote.difference), quote.currency)}.` : ''}
          </p>
          {quote.money && <p>{quote.money}</p>}
          <Button onClick={() => void confirm()} disabled={change.isPending}>
            Confirm change
          </Button>
        </div>
      )}
    </section>
  );
}
