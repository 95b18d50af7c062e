import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './components/layout/not-found-page';
import { SiteLayout } from './components/layout/site-layout';
import { Spinner } from './components/ui/spinner';
import { bookingEventPath } from './features/booking/api/booking-event-path';
import { CALENDAR_EVENTS_PATH } from './features/calendar/api/calendar-events-path';
import { HomePage } from './features/home/components/home-page';
import { prefetchGet } from './lib/api';

// Pages other than Home load on demand, so the first visit downloads only what it shows. The
// first visit to Calendar or a booking page also asks for its data while the page's code loads.
const CalendarPage = lazy(() => {
  prefetchGet(CALENDAR_EVENTS_PATH);
  return import('./features/calendar/components/calendar-page').then((m) => ({ default: m.CalendarPage }));
});
const EventBookingPage = lazy(() => {
  const id = new URLSearchParams(window.location.search).get('id')?.trim();
  if (id) prefetchGet(bookingEventPath(id));
  return import('./features/booking/components/event-booking-page').then((m) => ({ default: m.EventBookingPage }));
});
const NewsPage = lazy(() => import('./features/news/components/news-page').then((m) => ({ default: m.NewsPage })));
const DocumentsPage = lazy(() => import('./features/documents/components/documents-page').then((m) => ({ default: m.DocumentsPage })));
const InformationPage = lazy(() => import('./features/information/components/information-page').then((m) => ({ default: m.InformationPage })));
const BeginnersPage = lazy(() => import('./features/information/components/beginners-page').then((m) => ({ default: m.BeginnersPage })));
const WorkDayPage = lazy(() => import('./features/work-days/components/work-day-page').then((m) => ({ default: m.WorkDayPage })));

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
        <Route path="news" element={<NewsPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="information" element={<InformationPage />} />
        <Route path="beginners" element={<BeginnersPage />} />
        <Route path="event-booking" element={<EventBookingPage />} />
        <Route path="work-day-booking" element={<WorkDayPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
