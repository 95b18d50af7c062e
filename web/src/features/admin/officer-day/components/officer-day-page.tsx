import { useSyncExternalStore } from 'react';
import { BOOKER_PERSON_ID, type Attendance } from '@core/check-in/attendance';
import type { OfficerBooking, OfficerDay, OfficerEvent } from '@core/check-in/officer-day-schema';
import { calendarDateText, londonDayTimeText, londonTime } from '@core/shared/london-time';
import { offlineStatus, onOfflineStatus } from '../../../../lib/offline-status';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { useTryAgain } from '../../shared/api/admin-query';
import { LoadStatus } from '../../shared/components/load-error';
import { PageTitle } from '../../shared/components/page-title';
import { newMark, officerDayQueryOptions, useDismissConflict, useMarkAttendance, useMarkConflicts, useOfficerDay, useQueuedMarks } from '../api/officer-day';
import type { MarkConflict, QueuedMark } from '../api/officer-day-store';
import './officer-day.css';

/** Whether the browser says it is online, kept in step with its online and offline events. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** A phone number the officer taps to ring (tel: keeps only + and digits). */
function Phone({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/[^+0-9]/g, '')}`}>{number}</a>;
}

/** A person's phone and emergency contact as the member list holds them; nothing when it holds none. */
function Contact({ phone, emergencyContactName, emergencyContactPhone }: { phone?: string | null; emergencyContactName?: string | null; emergencyContactPhone?: string | null }) {
  return (
    <>
      {phone && (
        <>
          {' '}
          <Phone number={phone} />
        </>
      )}
      {emergencyContactName && (
        <>
          {' '}
          (emergency: {emergencyContactName}
          {emergencyContactPhone && (
            <>
              {' '}
              <Phone number={emergencyContactPhone} />
            </>
          )}
          )
        </>
      )}
    </>
  );
}

/** Whether the app's offline banner says "Offline, last updated …" (docs/offline.md): the page then does not say it again. */
function useAppBannerShown(): boolean {
  return useSyncExternalStore(onOfflineStatus, () => offlineStatus().offline && offlineStatus().storedAt !== null, () => false);
}

const time = (instant: string | null) => (instant ? londonTime(new Date(instant)) : 'time to be confirmed');

/** /admin/today: the officer of the day's events, bookings, check-in, duty roster and emergency numbers; kept on the device. */
export function OfficerDayPage() {
  const query = useOfficerDay();
  const queue = useQueuedMarks();
  const tryAgain = useTryAgain(officerDayQueryOptions().queryKey);
  const online = useOnline();
  const bannerShown = useAppBannerShown();
  const waiting = queue.data ?? [];
  return (
    <>
      <PageTitle documentTitle="Today">Today</PageTitle>
      <LoadStatus query={query} onRetry={tryAgain} loading="Loading today's events…" failed="Failed to load today's events" />
      {query.isSuccess && (
        <>
          <p className="od-status" role="status">
            {/* Said once: when the app's banner is up it already says it, in the same words. */}
            {query.data.fromDevice || !online ? (bannerShown ? 'Offline' : `Offline, last updated ${londonDayTimeText(new Date(query.data.savedAt))}`) : 'Up to date'}
            {waiting.length > 0 && ` · ${waiting.length} ${waiting.length === 1 ? 'mark' : 'marks'} waiting to be sent`}
          </p>
          <Conflicts day={query.data.day} />
          <EmergencyContacts day={query.data.day} />
          {query.data.day.days.map((day) => (
            <section key={day.date} aria-labelledby={`od-day-${day.date}`}>
              <h2 id={`od-day-${day.date}`}>
                {day.label} <span className="adm-muted">({calendarDateText(day.date)})</span>
              </h2>
              {day.events.length === 0 ? <p>No events.</p> : day.events.map((event) => <EventCard key={event.id} event={event} queue={waiting} />)}
            </section>
          ))}
        </>
      )}
    </>
  );
}

function EmergencyContacts({ day }: { day: OfficerDay }) {
  if (day.emergencyContacts.length === 0) return null;
  return (
    <section className="adm-panel" aria-labelledby="od-emergency">
      <h2 id="od-emergency">Emergency numbers</h2>
      <ul className="od-list">
        {day.emergencyContacts.map((contact) => (
          <li key={`${contact.name}-${contact.phone}`}>
            {contact.name}: <Phone number={contact.phone} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Conflicts({ day }: { day: OfficerDay }) {
  const nameOf = (bookingId: string) => day.days.flatMap((d) => d.events.flatMap((e) => e.bookings)).find((b) => b.bookingId === bookingId)?.name ?? 'A booking';
  const found = useMarkConflicts();
  const dismiss = useDismissConflict();
  if (!found.data || found.data.length === 0) return null;
  return (
    <Alert tone="error">
      <ul className="od-list">
        {found.data.map((conflict: MarkConflict) => (
          <li key={conflict.bookingId}>
            {nameOf(conflict.bookingId)}: {conflict.message}{' '}
            <Button variant="secondary" size="small" onClick={() => dismiss.mutate(conflict.bookingId)}>
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function EventCard({ event, queue }: { event: OfficerEvent; queue: QueuedMark[] }) {
  const last = event.goNoGo.decisions.at(-1);
  return (
    <article className="adm-panel od-event" aria-labelledby={`od-event-${event.id}`}>
      <h3 id={`od-event-${event.id}`}>
        {event.name} <span className="adm-muted">{time(event.eventdatetime)}</span>
      </h3>
      {event.cancelled && <p className="od-warning">Cancelled</p>}
      <p>
        Go/no-go: {last ? `${last.decision} (${last.reason})` : 'no decision yet'} · Safety cover: {event.goNoGo.safetyCover.status}
      </p>
      <h4>Duty roster</h4>
      {event.duties.length === 0 ? (
        <p>No duties.</p>
      ) : (
        <ul className="od-list">
          {event.duties.map((duty) => (
            <li key={duty.slotId}>
              <strong>{duty.dutyName}</strong>:{' '}
              {duty.holders.length === 0
                ? 'nobody yet'
                : duty.holders.map((holder, i) => (
                    <span key={holder.memberId}>
                      {i > 0 && '; '}
                      {holder.name}
                      <Contact {...holder} />
                    </span>
                  ))}
            </li>
          ))}
        </ul>
      )}
      <h4>Bookings and check-in</h4>
      {event.bookings.length === 0 ? (
        <p>No bookings.</p>
      ) : (
        <ul className="od-bookings">
          {event.bookings.map((booking) => (
            <BookingCheckIn key={booking.bookingId} booking={booking} queue={queue.filter((mark) => mark.bookingId === booking.bookingId)} />
          ))}
        </ul>
      )}
    </article>
  );
}

/** The state the officer sees: the last mark made on the device, else the server's. */
function shownState(attendance: Attendance, queued: QueuedMark[]): { arrived: number; arrivedPeople: string[] } {
  const last = queued.at(-1);
  return last ? { arrived: last.arrived, arrivedPeople: last.arrivedPeople } : { arrived: attendance.arrived, arrivedPeople: attendance.arrivedPeople };
}

function BookingCheckIn({ booking, queue }: { booking: OfficerBooking; queue: QueuedMark[] }) {
  const markAttendance = useMarkAttendance();
  const state = shownState(booking.attendance, queue);
  // The booker is always one of the attendees, ticked by name like the household people.
  const people = [{ personId: BOOKER_PERSON_ID, name: booking.name, place: 'adult' as const }, ...booking.householdAttendees];
  const others = Math.max(0, booking.numberAttending - people.length);
  // Marks made before the booker could be ticked counted them among the others: shown ticked.
  const bookerCounted = !state.arrivedPeople.includes(BOOKER_PERSON_ID) && state.arrived - state.arrivedPeople.length > others;
  const ticked = (personId: string) => state.arrivedPeople.includes(personId) || (personId === BOOKER_PERSON_ID && bookerCounted);
  const othersArrived = state.arrived - state.arrivedPeople.length - (bookerCounted ? 1 : 0);
  // Each mark made here builds on the one before it, sent or not: the server applies them in turn.
  const mark = (arrived: number, arrivedPeople: string[]) =>
    markAttendance.mutate(newMark({ bookingId: booking.bookingId, expectedVersion: booking.attendance.version + queue.length, arrived, arrivedPeople }));
  const id = `od-${booking.bookingId}`;
  return (
    <li className="od-booking">
      <p className="od-booking-head">
        <strong>{booking.name}</strong> {booking.reference && <span className="adm-muted">{booking.reference}</span>} · {booking.numberAttending}{' '}
        {booking.numberAttending === 1 ? 'attendee' : 'attendees'}
        {booking.boatName && ` · ${booking.boatName}`} ·{' '}
        <span id={`${id}-count`}>
          {state.arrived} of {booking.numberAttending} arrived
        </span>
        {queue.length > 0 && <span className="adm-muted"> (not sent yet)</span>}
      </p>
      {(booking.phone || booking.emergencyContactName) && (
        <p className="od-contact">
          {booking.name}:<Contact {...booking} />
        </p>
      )}
      {people.map((person) => (
        <Checkbox
          key={person.personId}
          id={`${id}-${person.personId}`}
          compact
          label={`${person.name}${person.place === 'child' ? ' (child)' : ''} arrived`}
          checked={ticked(person.personId)}
          onChange={(checked) => {
            const named = checked ? [...state.arrivedPeople, person.personId] : state.arrivedPeople.filter((p) => p !== person.personId);
            mark(state.arrived + (checked ? 1 : -1), named);
          }}
        />
      ))}
      {others > 0 && (
        <div className="od-others">
          <span>
            Others arrived: {othersArrived} of {others}
          </span>
          <Button variant="secondary" size="small" disabled={othersArrived <= 0} onClick={() => mark(state.arrived - 1, state.arrivedPeople)} aria-label={`One fewer arrived for ${booking.name}`}>
            −
          </Button>
          <Button variant="secondary" size="small" disabled={othersArrived >= others} onClick={() => mark(state.arrived + 1, state.arrivedPeople)} aria-label={`One more arrived for ${booking.name}`}>
            +
          </Button>
        </div>
      )}
    </li>
  );
}
