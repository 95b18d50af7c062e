import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PATHS } from '@core/paths';
import { NotFoundPage } from './components/layout/not-found-page';
import { SiteLayout } from './components/layout/site-layout';
import { Spinner } from './components/ui/spinner';
import { bookingEventKey, bookingEventPath } from './features/booking/api/booking-event-path';
import { CALENDAR_EVENTS_KEY, CALENDAR_EVENTS_PATH } from './features/calendar/api/calendar-events-path';
import { HomePage } from './features/home/components/home-page';
import { apiGet } from './lib/api';
import { queryClient } from './lib/query';

/** Runs `load` once; later calls get the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * Starts a page's data request now, beside its code: the answer is fetched at once, read with its
 * schema when that code has come, and put in the data layer under the key the page asks for, so
 * the page finds it there. A failure is left for the page, which asks again.
 */
function prefetch<T>(queryKey: readonly unknown[], path: string, read: () => Promise<(json: unknown) => T>): void {
  const answer = apiGet<unknown>(path);
  answer.catch(() => undefined);
  void queryClient.prefetchQuery({ queryKey, queryFn: async () => (await read())(await answer) });
}

// Pages other than Home load on demand, so the first visit downloads only what it shows. The
// first visit to Calendar or a booking page also asks for its data while the page's code loads.
const loadCalendarPage = once(() => {
  prefetch(CALENDAR_EVENTS_KEY, CALENDAR_EVENTS_PATH, () => import('./features/calendar/api/get-calendar-events').then((m) => m.readCalendarEvents));
  return import('./features/calendar/components/calendar-page');
});
const loadEventBookingPage = once(() => {
  const id = new URLSearchParams(window.location.search).get('id')?.trim();
  if (id) {
    prefetch(bookingEventKey(id), bookingEventPath(id), () =>
      import('./features/booking/api/get-booking-event').then((m) => (json: unknown) => m.readBookingEvent(id, json)),
    );
  }
  return import('./features/booking/components/event-booking-page');
});
const loadNewsPage = once(() => import('./features/news/components/news-page'));
const loadDocumentsPage = once(() => import('./features/documents/components/documents-page'));
const loadInformationPage = once(() => import('./features/information/components/information-page'));
const loadBeginnersPage = once(() => import('./features/information/components/beginners-page'));
const loadWorkDayPage = once(() => import('./features/work-days/components/work-day-page'));
const loadMyBookingPage = once(() => import('./features/my-booking/components/my-booking-page'));
const loadWaitingListPage = once(() => import('./features/waiting-list/components/waiting-list-page'));
const loadWorkDayWithdrawPage = once(() => import('./features/work-days/components/work-day-withdraw-page'));

const CalendarPage = lazy(() => loadCalendarPage().then((m) => ({ default: m.CalendarPage })));
const EventBookingPage = lazy(() => loadEventBookingPage().then((m) => ({ default: m.EventBookingPage })));
const NewsPage = lazy(() => loadNewsPage().then((m) => ({ default: m.NewsPage })));
const DocumentsPage = lazy(() => loadDocumentsPage().then((m) => ({ default: m.DocumentsPage })));
const InformationPage = lazy(() => loadInformationPage().then((m) => ({ default: m.InformationPage })));
const BeginnersPage = lazy(() => loadBeginnersPage().then((m) => ({ default: m.BeginnersPage })));
const WorkDayPage = lazy(() => loadWorkDayPage().then((m) => ({ default: m.WorkDayPage })));
const MyBookingPage = lazy(() => loadMyBookingPage().then((m) => ({ default: m.MyBookingPage })));
const WaitingListPage = lazy(() => loadWaitingListPage().then((m) => ({ default: m.WaitingListPage })));
const WorkDayWithdrawPage = lazy(() => loadWorkDayWithdrawPage().then((m) => ({ default: m.WorkDayWithdrawPage })));
// A news item written in the app (core/paths.ts MEMBER_PAGE_PATTERNS): /news/{id}.
const NewsItemPage = lazy(() => import('./features/news/components/news-item-page').then((m) => ({ default: m.NewsItemPage })));

type PageName = Exclude<keyof typeof PATHS, 'home'>;

/**
 * The members' pages by their name in PATHS (core/paths.ts), which the server also reads to
 * answer 404 for any other address: a page added there must be added here, and the compiler says so.
 */
const PAGES: Record<PageName, { element: ReactElement; load: () => Promise<unknown> }> = {
  news: { element: <NewsPage />, load: loadNewsPage },
  calendar: { element: <CalendarPage />, load: loadCalendarPage },
  documents: { element: <DocumentsPage />, load: loadDocumentsPage },
  information: { element: <InformationPage />, load: loadInformationPage },
  beginners: { element: <BeginnersPage />, load: loadBeginnersPage },
  eventBooking: { element: <EventBookingPage />, load: loadEventBookingPage },
  workDayBooking: { element: <WorkDayPage />, load: loadWorkDayPage },
  myBooking: { element: <MyBookingPage />, load: loadMyBookingPage },
  waitingList: { element: <WaitingListPage />, load: loadWaitingListPage },
  workDayWithdraw: { element: <WorkDayWithdrawPage />, load: loadWorkDayWithdrawPage },
};
const PAGE_NAMES = Object.keys(PAGES) as PageName[];

const PAGE_LOADERS: Record<string, () => Promise<unknown>> = Object.fromEntries(PAGE_NAMES.map((name) => [PATHS[name], PAGES[name].load]));

/**
 * Starts loading the members' page at `pathname` (its code, and for Calendar and booking its
 * data) at once, rather than when the first render reaches it. A failure is left for that render
 * to show.
 */
export function preloadPage(pathname: string): void {
  const load = PAGE_LOADERS[pathname.replace(/(.)\/+$/, '$1').toLowerCase()];
  load?.().catch(() => undefined);
}

// The admin panel is written separately and lives in its own chunk that members never download.
// import.meta.glob resolves to nothing while the file does not exist, so the build never breaks on it.
const adminModules = import.meta.glob<{ default: ComponentType }>('./features/admin/admin-app.tsx');
const loadAdmin = adminModules['./features/admin/admin-app.tsx'];
const AdminApp = loadAdmin ? lazy(loadAdmin) : null;

function AdminUnavailable() {
  return (
    <main className="container site-main">
      <h1>Admin panel unavailable</h1>
      <p>The admin panel is not part of this build.</p>
    </main>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          AdminApp ? (
            <Suspense fallback={<Spinner label="Loading..." />}>
              <AdminApp />
            </Suspense>
          ) : (
            <AdminUnavailable />
          )
        }
      />
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        {PAGE_NAMES.map((name) => (
          <Route key={name} path={PATHS[name]} element={PAGES[name].element} />
        ))}
        <Route path={`${PATHS.news}/:id`} element={<NewsItemPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
