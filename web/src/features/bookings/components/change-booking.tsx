import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { changeCounts } from '@core/bookings/booking-change-form';
import { formatMoney } from '@core/shared/money';
import type { Currency } from '@core/shared/money';
import { ApiError } from '../../../lib/api';
import { bindField, messagesResolver, showRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
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
  return error instanceof ApiError && error.status !== 0 && error.status < 500
    ? error.message
    : 'Your booking could not be changed just now. Please try again.';
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
  // The core's rule for the counts, shown as the member types (a field once changed or left, all after a submit).
  const form = useForm<ChangeNumbers>({
    defaultValues: { numberAttending: String(booking.numberAttending), numberOfChildren: String(booking.numberOfChildren) },
    resolver: messagesResolver((values: ChangeNumbers) => {
      const counts = changeCounts(values, booking.maxAttendees);
      return counts.ok ? {} : { [counts.field]: counts.error };
    }),
    mode: 'all',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const { focusFirst } = useFocusFirst(form, ORDER, idOf);
  // The two counts are checked together: a change of one checks the other too once it was changed or left.
  const checkedWith = (name: Key) => ORDER.filter((other) => other !== name && (form.getFieldState(other).isTouched || form.getFieldState(other).isDirty));
  const refuse = (error: unknown) => focusFirst(showRefusal(form, ORDER, error instanceof ApiError ? error.fields : {}, failure(error)));

  if (!booking.canChange) return null;

  const ask = submitOnce(
    form,
    async (numbers: ChangeNumbers) => {
      setDone(null);
      try {
        setQuote(await change.mutateAsync({ numbers, confirm: false }));
      } catch (error) {
        setQuote(null);
        refuse(error);
      }
    },
    focusFirst,
  );
  const confirm = async () => {
    try {
      const made = await change.mutateAsync({ numbers: form.getValues(), confirm: true });
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
      refuse(error);
    }
  };

  return (
    <section aria-labelledby="change-booking-title">
      <h2 id="change-booking-title">Change booking</h2>
      <p>Coming with more or fewer people? Change the numbers here: you see the new total before anything changes.</p>
      {done && (
        <Alert tone="success" title="Your booking has been changed.">
          <p>
            It is now for {done.numberAttending} attending{done.numberOfChildren > 0 ? `, ${done.numberOfChildren} of them children` : ''}. {done.money ?? ''}{' '}
            We have e-mailed you the details.
          </p>
        </Alert>
      )}
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <form onSubmit={ask} noValidate>
        <InputField
          id={idOf('numberAttending')}
          label="Total number attending"
          inputMode="numeric"
          required
          error={errors.numberAttending?.message}
          {...bindField(form, 'numberAttending', { deps: checkedWith('numberAttending') })}
        />
        <InputField
          id={idOf('numberOfChildren')}
          label="Of whom children (12 or under)"
          inputMode="numeric"
          error={errors.numberOfChildren?.message}
          {...bindField(form, 'numberOfChildren', { deps: checkedWith('numberOfChildren') })}
        />
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
