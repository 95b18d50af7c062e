import { useSyncExternalStore } from 'react';
import { BOOKER_PERSON_ID, stillAfloat, withAfloatMark, type Attendance } from '@core/check-in/attendance';
import type { OfficerBooking, OfficerDay, OfficerEvent } from '@core/check-in/officer-day-schema';
import { peopleOnSite } from '@core/check-in/walk-in';
import { calendarDateText, londonDayTimeText, londonTime } from '@core/shared/london-time';
import { offlineStatus, onOfflineStatus } from '../../../../lib/offline-status';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageTitle } from '../../../../admin/shared/components/page-title';
import { newMark, useDismissConflict, useMarkAttendance, useMarkConflicts, useOfficerDay, useQueuedMarks, useTryAgainDay } from '../api/officer-day';
import { walkInQueueId, type MarkConflict, type QueuedMark } from '../api/officer-marks';
import { Contact, Phone } from './contact';
import { shownWalkIns, WalkInsSection } from './walk-ins';
import { OfficerAnnouncement } from './officer-announcement';
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

/** Whether the app's offline banner says "Offline, last updated …" (docs/offline.md): the page then does not say it again. */
function useAppBannerShown(): boolean {
  return useSyncExternalStore(
    onOfflineStatus,
    () => offlineStatus().offline && offlineStatus().storedAt !== null,
    () => false,
  );
}

const time = (instant: string | null) => (instant ? londonTime(new Date(instant)) : 'time to be confirmed');

/** /admin/today: the officer of the day's events, bookings, check-in, duty roster and emergency numbers; kept on the device. */
export function OfficerDayPage() {
  const query = useOfficerDay();
  const waiting = useQueuedMarks();
  const tryAgain = useTryAgainDay();
  const online = useOnline();
  const bannerShown = useAppBannerShown();
  return (
    <>
      <PageTitle documentTitle="Today">Today</PageTitle>
      <LoadStatus query={query} onRetry={tryAgain} loading="Loading today's events…" failed="Failed to load today's events" />
      {query.isSuccess && (
        <>
          <p className="od-status" role="status">
            {/* Said once: when the app's banner is up it already says it, in the same words. */}
            {query.data.fromDevice || !online
              ? bannerShown
                ? 'Offline'
                : `Offline, last updated ${londonDayTimeText(new Date(query.data.savedAt))}`
              : 'Up to date'}
            {waiting.length > 0 && ` · ${waiting.length} ${waiting.length === 1 ? 'mark' : 'marks'} waiting to be sent`}
          </p>
          <Conflicts day={query.data.day} />
          <StillAfloat day={query.data.day} queue={waiting} />
          <EmergencyContacts day={query.data.day} />
          {query.data.day.days.map((day) => (
            <section key={day.date} aria-labelledby={`od-day-${day.date}`}>
              <h2 id={`od-day-${day.date}`}>
                {day.label} <span className="adm-muted">({calendarDateText(day.date)})</span>
              </h2>
              {day.events.length === 0 ? (
                <p>No events.</p>
              ) : (
                day.events.map((event) => <EventCard key={event.id} event={event} queue={waiting} today={day.label === 'Today'} />)
              )}
            </section>
          ))}
        </>
      )}
    </>
  );
}

/** The booking's attendance with the afloat and ashore marks still on the device taken in (the last by its time wins, as on the server). */
function shownAfloat(attendance: Attendance, queued: QueuedMark[]): Attendance {
  return queued.reduce(
    (record, mark) =>
      mark.afloat ? withAfloatMark(record, mark.afloat.personId, { afloat: mark.afloat.afloat, at: new Date(mark.madeAt).toISOString(), by: '' }) : record,
    attendance,
  );
}

/** A named attendee's name as the page shows it: the booker under the booking's name. */
function personName(booking: OfficerBooking, personId: string): string {
  return personId === BOOKER_PERSON_ID ? booking.name : (booking.householdAttendees.find((person) => person.personId === personId)?.name ?? 'Former attendee');
}

/** The tally board: who is still afloat across the page's events, with their boat and how to reach the booker. */
function StillAfloat({ day, queue }: { day: OfficerDay; queue: QueuedMark[] }) {
  const afloat = day.days
    .flatMap((d) => d.events)
    .flatMap((event) => event.bookings.map((booking) => ({ event, booking })))
    .flatMap(({ event, booking }) =>
      stillAfloat(
        shownAfloat(
          booking.attendance,
          queue.filter((mark) => mark.bookingId === booking.bookingId),
        ),
      ).map((personId) => ({ event, booking, personId })),
    );
  const walkInsAfloat = day.days
    .flatMap((d) => d.events)
    .flatMap((event) => shownWalkIns(event, queue).flatMap((walkIn) => (walkIn.afloat?.afloat ? [{ event, walkIn }] : [])));
  const count = afloat.length + walkInsAfloat.length;
  return (
    <section className="adm-panel" aria-labelledby="od-afloat">
      <h2 id="od-afloat">Still afloat: {count}</h2>
      {count === 0 ? (
        <p>Nobody is marked afloat.</p>
      ) : (
        <ul className="od-list">
          {afloat.map(({ event, booking, personId }) => (
            <li key={`${booking.bookingId}-${personId}`}>
              <strong>{personName(booking, personId)}</strong>
              {booking.boatName && ` · ${booking.boatName}`} · {event.name}
              {(booking.phone || booking.emergencyContactName) && (
                <>
                  {' '}
                  · {booking.name}:<Contact {...booking} />
                </>
              )}
            </li>
          ))}
          {walkInsAfloat.map(({ event, walkIn }) => (
            <li key={walkIn.id}>
              <strong>{walkIn.name}</strong> (walk-in) · {event.name}
              <Contact {...walkIn} />
            </li>
          ))}
        </ul>
      )}
    </section>
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
  const events = day.days.flatMap((d) => d.events);
  const nameOf = (bookingId: string) =>
    events.flatMap((e) => e.bookings).find((b) => b.bookingId === bookingId)?.name ??
    events.flatMap((e) => e.walkIns).find((w) => walkInQueueId(w.id) === bookingId)?.name ??
    (bookingId.startsWith(walkInQueueId('')) ? 'A walk-in' : 'A booking');
  const found = useMarkConflicts();
  const dismiss = useDismissConflict();
  if (!found.data || found.data.length === 0) return null;
  return (
    <Alert tone="error">
      <ul className="od-list">
        {found.data.map((conflict: MarkConflict) => (
          <li key={conflict.bookingId}>
            {nameOf(conflict.bookingId)}: {conflict.message}{' '}
            <Button variant="secondary" size="small" onClick={() => dismiss(conflict.bookingId)}>
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function EventCard({ event, queue, today }: { event: OfficerEvent; queue: QueuedMark[]; today: boolean }) {
  const last = event.goNoGo.decisions.at(-1);
  // On site: the bookings' arrived (as the officer has ticked them, sent or not) and the walk-ins.
  const bookedArrived = event.bookings.reduce(
    (sum, booking) =>
      sum +
      shownState(
        booking.attendance,
        queue.filter((mark) => mark.bookingId === booking.bookingId && !mark.afloat),
      ).arrived,
    0,
  );
  const walkIns = shownWalkIns(event, queue).length;
  const onSite = peopleOnSite([bookedArrived], walkIns);
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
      <p className="od-on-site">
        Arrived: {onSite} on site ({bookedArrived} booked, {walkIns} {walkIns === 1 ? 'walk-in' : 'walk-ins'})
        {event.capacity !== null && ` · capacity ${event.capacity}`}
      </p>
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
      <WalkInsSection event={event} queue={queue} onSite={onSite} canAdd={today && !event.cancelled} />
      {today && <OfficerAnnouncement event={event} queue={queue} />}
    </article>
  );
}

/** The state the officer sees: the last mark made on the device, else the server's. */
function shownState(attendance: Attendance, queued: QueuedMark[]): { arrived: number; arrivedPeople: string[] } {
  const last = queued.at(-1);
  return last ? { arrived: last.arrived, arrivedPeople: last.arrivedPeople } : { arrived: attendance.arrived, arrivedPeople: attendance.arrivedPeople };
}

function BookingCheckIn({ booking, queue: allMarks }: { booking: OfficerBooking; queue: QueuedMark[] }) {
  const markAttendance = useMarkAttendance();
  // Afloat marks raise no version: only check-in marks count toward the version the next one builds on.
  const queue = allMarks.filter((mark) => !mark.afloat);
  const state = shownState(booking.attendance, queue);
  const afloat = new Set(stillAfloat(shownAfloat(booking.attendance, allMarks)));
  const markAfloat = (personId: string, isAfloat: boolean) =>
    markAttendance.mutate(newMark({ bookingId: booking.bookingId, expectedVersion: 0, arrived: 0, arrivedPeople: [], afloat: { personId, afloat: isAfloat } }));
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
        {allMarks.length > 0 && <span className="adm-muted"> (not sent yet)</span>}
      </p>
      {(booking.phone || booking.emergencyContactName) && (
        <p className="od-contact">
          {booking.name}:<Contact {...booking} />
        </p>
      )}
      {people.map((person) => (
        <div key={person.personId} className="od-person">
          <Checkbox
            id={`${id}-${person.personId}`}
            compact
            label={`${person.name}${person.place === 'child' ? ' (child)' : ''} arrived`}
            checked={ticked(person.personId)}
            onChange={(checked) => {
              const named = checked ? [...state.arrivedPeople, person.personId] : state.arrivedPeople.filter((p) => p !== person.personId);
              mark(state.arrived + (checked ? 1 : -1), named);
            }}
          />
          {/* The tally board: one ticked by name goes afloat; anyone marked afloat can be brought back ashore. */}
          {(state.arrivedPeople.includes(person.personId) || afloat.has(person.personId)) && (
            <span className="od-tally" role="group" aria-label={`${person.name} afloat or ashore`}>
              <Button
                variant="secondary"
                size="small"
                aria-pressed={afloat.has(person.personId)}
                disabled={afloat.has(person.personId) || !state.arrivedPeople.includes(person.personId)}
                onClick={() => markAfloat(person.personId, true)}
                aria-label={`${person.name} afloat`}
              >
                Afloat
              </Button>
              <Button
                variant="secondary"
                size="small"
                aria-pressed={!afloat.has(person.personId)}
                disabled={!afloat.has(person.personId)}
                onClick={() => markAfloat(person.personId, false)}
                aria-label={`${person.name} ashore`}
              >
                Ashore
              </Button>
            </span>
          )}
        </div>
      ))}
      {others > 0 && (
        <div className="od-others">
          <span>
            Others arrived: {othersArrived} of {others}
          </span>
          <Button
            variant="secondary"
            size="small"
            disabled={othersArrived <= 0}
            onClick={() => mark(state.arrived - 1, state.arrivedPeople)}
            aria-label={`One fewer arrived for ${booking.name}`}
          >
            −
          </Button>
          <Button
            variant="secondary"
            size="small"
            disabled={othersArrived >= others}
            onClick={() => mark(state.arrived + 1, state.arrivedPeople)}
            aria-label={`One more arrived for ${booking.name}`}
          >
            +
          </Button>
        </div>
      )}
    </li>
  );
}
