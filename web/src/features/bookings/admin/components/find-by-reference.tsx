import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BOOKING_REFERENCE_MESSAGES, parseBookingReference, referencePrefix } from '@core/bookings/booking-reference';
import { useBookingByReference } from '../api/bookings';
import { useLoadedClubConfig } from '../../../../lib/club-config';
import { InputField } from '../../../../components/ui/field';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';

export const FIND_BY_REFERENCE_FAILED = 'The booking could not be looked up.';

/**
 * Finds one booking by the short reference a member quotes (on the phone, in an e-mail): typed in
 * any case, with spaces or dashes, with or without the club's prefix, read by the same rule as the
 * server's. The booking found links to its detail screen.
 */
export function FindByReference() {
  const config = useLoadedClubConfig();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [asked, setAsked] = useState<string | null>(null);
  const found = useBookingByReference(asked);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Before the club's settings arrive the prefix is unknown: the server reads the text as typed.
    const reference = config === null ? null : parseBookingReference(typed, referencePrefix(config.clubName));
    if (typed.trim() === '' || (reference === null && config !== null)) {
      setError(BOOKING_REFERENCE_MESSAGES.badReference);
      return;
    }
    setError(undefined);
    setAsked(reference ?? typed.trim());
  };

  const notFound = found.isError && (found.error.status === 404 || found.error.status === 400);
  return (
    <section className="adm-find-reference" aria-labelledby="adm-find-reference-heading">
      <h2 id="adm-find-reference-heading">Find a booking by reference</h2>
      <form className="adm-filters" onSubmit={submit} role="search" aria-label="Bookings by reference">
        <InputField
          id="adm-booking-reference"
          label="Booking reference"
          hint="As the member gives it, e.g. KYC-7F3K9"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={40}
        />
        <Button type="submit">Find</Button>
      </form>
      <div aria-live="polite">
        {asked !== null && found.isPending && <Loading label="Looking up the booking…" />}
        {notFound && <Alert tone="info">{found.error.message}</Alert>}
        {found.isError && !notFound && <LoadError error={found.error} message={FIND_BY_REFERENCE_FAILED} onRetry={() => void found.refetch()} />}
        {found.isSuccess && (
          <p className="adm-found-booking">
            <code>{found.data.booking.reference}</code>: {found.data.booking.firstName} {found.data.booking.lastName}, {found.data.booking.eventName} (
            {found.data.booking.paymentStatus}). <Link to={`/admin/booking/${encodeURIComponent(found.data.booking.id)}`}>Open the booking</Link>
          </p>
        )}
      </div>
    </section>
  );
}
