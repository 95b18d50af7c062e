import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { pageOf, PATHS } from '@core/paths';
import { NotFoundPage } from './components/layout/not-found-page';
import { SiteLayout } from './components/layout/site-layout';
import { Spinner } from './components/ui/spinner';
import { bookingEventKey, bookingEventPath } from './features/booking/api/booking-event-path';
import { CALENDAR_EVENTS_KEY, CALENDAR_EVENTS_PATH } from './features/calendar/api/calendar-events-path';
import { HomePage } from './features/home/components/home-page';
import { apiGet } from './lib/api';
import { takeFirstRead } from './lib/first-reads';
import { queryClient } from './lib/query';

/** Runs `load` once; later calls get the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * Starts a page's data request now, beside its code: the answer is fetched at once (or taken from
 * the page, where the server put it), read with its schema when that code has come, and put in
 * the data layer under the key the page asks for, so the page finds it there. A failure is left
 * for the page, which asks again. Settles once the answer is in the data layer or has failed.
 */
function prefetch<T>(queryKey: readonly unknown[], path: string, read: () => Promise<(json: unknown) => T>): Promise<void> {
  const inPage = takeFirstRead(path);
  const answer = inPage !== undefined ? Promise.resolve(inPage) : apiGet<unknown>(path);
  answer.catch(() => undefined);
  return queryClient.prefetchQuery({ queryKey, queryFn: async () => (await read())(await answer) });
}

/** A members' page loaded on demand, and how to start loading it (its code and first data) early. */
interface LazyPage {
  Page: ComponentType;
  /** Settles once the page's code is loaded and its first data is in the data layer (or failed). */
  preload: () => Promise<unknown>;
}

/**
 * A page whose code (and first data, `prefetchData`) is loaded once, when its first render asks
 * for it or `preload` is called, whichever is first. Once the code is in, the page is drawn at
 * once, as a plain component rather than through one more round of Suspense, so the first screen
 * the server drew is replaced by the same page, never by a spinner.
 */
function lazyPage<M>(loadCode: () => Promise<M>, pick: (module: M) => ComponentType, prefetchData?: () => Promise<void>): LazyPage {
  let loaded: ComponentType | undefined;
  const code = once(() => loadCode().then((module) => (loaded = pick(module))));
  const data = once(() => prefetchData?.() ?? Promise.resolve());
  const Lazy = lazy(() => {
    void data();
    return code().then((component) => ({ default: component }));
  });
  const Page = () => {
    const Component = loaded ?? Lazy;
    return <Component />;
  };
  return { Page, preload: () => Promise.all([code(), data()]) };
}

// Pages other than Home load on demand, so the first visit downloads only what it shows. The
// first visit to Calendar or a booking page also asks for its data while the page's code loads.
const CalendarPage = lazyPage(
  () => import('./features/calendar/components/calendar-page'),
  (m) => m.CalendarPage,
  () => prefetch(CALENDAR_EVENTS_KEY, CALENDAR_EVENTS_PATH, () => import('./features/calendar/api/get-calendar-events').then((m) => m.readCalendarEvents)),
);
const EventBookingPage = lazyPage(
  () => import('./features/booking/components/event-booking-page'),
  (m) => m.EventBookingPage,
  () => {
    const id = new URLSearchParams(window.location.search).get('id')?.trim();
    return id
      ? prefetch(bookingEventKey(id), bookingEventPath(id), () => import('./features/booking/api/get-booking-event').then((m) => (json: unknown) => m.readBookingEvent(id, json)))
      : Promise.resolve();
  },
);
const NewsPage = lazyPage(() => import('./features/news/components/news-page'), (m) => m.NewsPage);
const DocumentsPage = lazyPage(() => import('./features/documents/components/documents-page'), (m) => m.DocumentsPage);
const InformationPage = lazyPage(() => import('./features/information/components/information-page'), (m) => m.InformationPage);
const BeginnersPage = lazyPage(() => import('./features/information/components/beginners-page'), (m) => m.BeginnersPage);
const WorkDayPage = lazyPage(() => import('./features/work-days/components/work-day-page'), (m) => m.WorkDayPage);
const MyBookingPage = lazyPage(() => import('./features/my-booking/components/my-booking-page'), (m) => m.MyBookingPage);
const WaitingListPage = lazyPage(() => import('./features/waiting-list/components/waiting-list-page'), (m) => m.WaitingListPage);
const WorkDayWithdrawPage = lazyPage(() => import('./features/work-days/components/work-day-withdraw-page'), (m) => m.WorkDayWithdrawPage);
// A news item written in the app (core/paths.ts MEMBER_PAGE_PATTERNS): /news/{id}.
const NewsItemPage = lazy(() => import('./features/news/components/news-item-page').then((m) => ({ default: m.NewsItemPage })));

type PageName = Exclude<keyof typeof PATHS, 'home'>;

/**
 * The members' pages by their name in PATHS (core/paths.ts), which the server also reads to
 * answer 404 for any other address: a page added there must be added here, and the compiler says so.
 */
const PAGES: Record<PageName, LazyPage> = {
  news: NewsPage,
  calendar: CalendarPage,
  documents: DocumentsPage,
  information: InformationPage,
  beginners: BeginnersPage,
  eventBooking: EventBookingPage,
  workDayBooking: WorkDayPage,
  myBooking: MyBookingPage,
  waitingList: WaitingListPage,
  workDayWithdraw: WorkDayWithdrawPage,
};
const PAGE_NAMES = Object.keys(PAGES) as PageName[];

const PAGE_LOADERS: Record<string, () => Promise<unknown>> = Object.fromEntries(PAGE_NAMES.map((name) => [PATHS[name], PAGES[name].preload]));

/**
 * Starts loading the members' page at `pathname` (its code, and for Calendar and booking its
 * data) at once, rather than when the first render reaches it. Settles when it is loaded; a
 * failure is left for that render to show.
 */
export function preloadPage(pathname: string): Promise<void> {
  const load = PAGE_LOADERS[pageOf(pathname)];
  return load ? load().then(() => undefined, () => undefined) : Promise.resolve();
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
          <Route key={name} path={PATHS[name]} element={createElement(PAGES[name].Page)} />
        ))}
        <Route path={`${PATHS.news}/:id`} element={<NewsItemPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
