import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { CONFIG_API_PATH, eventApiPath, EVENTS_API_PATH, pageOf, PATHS } from '@core/paths';
import { EventForBookingSchema } from '@core/use-cases/get-event-for-booking';
import { EventSummary } from './features/booking/components/event-summary';
import { CalendarAnswerSchema } from './features/calendar/api/get-calendar-events';
import { CALENDAR_HEADING, CalendarList } from './features/calendar/components/calendar-page';
import { HomeHero } from './features/home/components/home-page';
import { ClubConfigProvider, parseClubConfig } from './lib/club-config';

/**
 * A members' page's first screen as the server draws it into the page it answers, before the
 * app's script has arrived: on a phone on a slow line the script takes a second or more, the
 * page's HTML and style sheets a fraction of that. Only what the app draws the same way on its
 * first render belongs here (the app replaces it then, and nothing may move): the booking page's
 * event, Home's welcome and the calendar's list, from the answers the server also puts in the page for the app (ADR 23).
 *
 * `answers` are the page's first API reads (core/paths.ts pageFirstReads) by address, as the API
 * would answer them. Returns the page's `<main>`, or null when there is nothing to draw.
 */
export function renderFirstPaint(pathname: string, query: URLSearchParams, answers: ReadonlyMap<string, unknown>): string | null {
  const page = pageOf(pathname);
  if (page === PATHS.home) return renderHomeFirstPaint(answers.get(CONFIG_API_PATH));
  if (page === PATHS.calendar) return renderCalendarFirstPaint(answers.get(EVENTS_API_PATH));
  if (page !== PATHS.eventBooking) return null;
  const id = query.get('id')?.trim();
  // A booking's receipt (`booked`) draws its own page without the event card.
  if (!id || query.get('booked')?.trim()) return null;
  const answer = EventForBookingSchema.safeParse(answers.get(eventApiPath(id)));
  if (!answer.success) return null;
  // As SiteLayout and the booking page draw it (the booking form and the footer come with the app).
  return renderToStaticMarkup(
    <main id="main" className="container site-main" tabIndex={-1}>
      <div className="page booking-page">
        <EventSummary event={answer.data.event} />
      </div>
    </main>,
  );
}

/**
 * Home's welcome, as SiteLayout and HomePage draw it with the club's settings (the water level,
 * the photos, the footer and the rest come with the app, below it). Its links are plain links
 * until then; its search button is disabled until the app's takes its place.
 */
function renderHomeFirstPaint(settings: unknown): string | null {
  if (settings === undefined) return null;
  return renderToStaticMarkup(
    <main id="main" className="container site-main" tabIndex={-1}>
      <div className="page home-page">
        <MemoryRouter>
          <ClubConfigProvider initial={parseClubConfig(settings)}>
            <HomeHero drawnByServer />
          </ClubConfigProvider>
        </MemoryRouter>
      </div>
    </main>,
  );
}

/**
 * The calendar's heading and list, as CalendarPage draws them once its events have come (the
 * subscribe section and the footer come with the app, below it). Its Book Event and Sign up links
 * are plain links until then; its buttons are disabled until the app's take their place. An empty
 * calendar is left to the app, which says so.
 */
function renderCalendarFirstPaint(answer: unknown): string | null {
  const calendar = CalendarAnswerSchema.safeParse(answer);
  if (!calendar.success || (calendar.data.events.length === 0 && calendar.data.workDays.length === 0)) return null;
  return renderToStaticMarkup(
    <main id="main" className="container site-main" tabIndex={-1}>
      <div className="page">
        <h1>{CALENDAR_HEADING}</h1>
        <MemoryRouter>
          <CalendarList data={calendar.data} location="" drawnByServer />
        </MemoryRouter>
      </div>
    </main>,
  );
}
