import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { liveBookingOf } from '@core/my-club/already-booked';
import { Alert } from '../../../components/ui/alert';
import { myBookingsQuery } from '../../my-club/exports/my-bookings';

/**
 * The booking page's warning to a signed-in member who already holds a booking of this event
 * (made signed in, or with their e-mail): a link to manage that booking, where they can change
 * its numbers, and the form stays for booking others.
 */
export function AlreadyBooked({ eventId, signedIn }: { eventId: string; signedIn: boolean }) {
  const bookings = useQuery({ ...myBookingsQuery, enabled: signedIn });
  const full = signedIn && bookings.data ? liveBookingOf(bookings.data.upcoming, eventId) : null;
  if (full === null) return null;
  return (
    <Alert tone="warning" title="You have already booked this event">
      <p>
        Your booking {full.reference} is for {full.numberAttending} attending. To add or remove people, change that booking rather than booking again:{' '}
        <Link to={full.managePath}>Manage my booking {full.reference}</Link>.
      </p>
      <p>To book for someone else as well, carry on below.</p>
    </Alert>
  );
}
