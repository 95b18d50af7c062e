import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { RENEWAL_LINK_PATH } from '@core/membership/membership-reminder-mail';
import { NotFoundPage } from './components/layout/not-found-page';
import { SiteLayout } from './components/layout/site-layout';
import { Spinner } from './components/ui/spinner';
import { bookingEventRead } from './features/bookings/api/booking-event-path';
import { calendarRead } from './features/events/exports/calendar-events-path';
import { photosRead } from './features/home/api/get-photos';
import { HomePage } from './features/home/components/home-page';
import { myBookingRead } from './features/bookings/api/my-booking-read';
import { campaignsRead, newsItemRead } from './features/news/api/news-reads';
import { documentsRead } from './features/documents/api/get-documents';
import { sitePageRead } from './features/site-pages/api/site-page-read';
import { retentionScheduleRead } from './features/site-pages/api/retention-schedule-read';
import { myWaitingListRead } from './features/waiting-list/api/waiting-list-read';
import { myWorkDaySignupRead, workDayRead, workDaysRead } from './features/work-days/api/work-day-reads';
import { waterLevelsRead } from './features/water-levels/api/get-water-levels';
import { clubConfigRead } from './lib/club-config';
import { joinOfferRead } from './features/membership/api/join';
import { ensureReads, type AnyRead } from './lib/reads';

/** What a route handle says of its page: the module that draws it, as the build's manifest names it (relative to web/). */
export interface PageHandle {
  module: string;
}

/**
 * The data layer a loader fills: in the browser the visit's own; on the server each request's,
 * which the server passes as the request's context (so the routes are made, and matched, once
 * for all requests) and answers from its own answers (lib/reads.ts).
 */
type DataOf = (context: unknown) => QueryClient;

/** The reads a page starts with, from its address. */
type PageReads = (query: URLSearchParams, params: LoaderFunctionArgs['params']) => (AnyRead | null)[];

const param = (query: URLSearchParams, name: string): string | null => query.get(name)?.trim() || null;

/**
 * A loader that puts the page's reads in the data layer, where the page reads them with the same
 * query options (lib/reads.ts ensureReads: the server waits for them, to draw the page with its
 * data; the browser starts them beside the page's code and draws the page at once).
 */
function loaderOf(dataOf: DataOf, reads: PageReads) {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    await ensureReads(
      dataOf(context),
      reads(new URL(request.url).searchParams, params).filter((read) => read !== null),
    );
    return null;
  };
}

/**
 * A members' page loaded on demand: its code (`load`, the module `module` names) and its first
 * reads are fetched side by side when the page is opened, and the page is drawn once both are in.
 */
function page(data: DataOf, path: string, module: string, load: () => Promise<ComponentType>, reads?: PageReads): RouteObject {
  return {
    path,
    handle: { module } satisfies PageHandle,
    lazy: async () => ({ Component: await load() }),
    ...(reads ? { loader: loaderOf(data, reads) } : {}),
  };
}

/** Scroll restoration for every page: Back and Forward return to where the page was left, a new page starts at its top. */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The web app's routes, the same on the server (members' pages, drawn with their data and
 * hydrated) and in the browser; `admin` adds the admin panel (drawn in the browser only, in its
 * own chunk that members never download). Every page's loader puts its first reads in the data
 * layer `data` gives it, where its component finds them.
 */
export function createRoutes(data: DataOf, { admin }: { admin: boolean }): RouteObject[] {
  const members: RouteObject = {
    Component: SiteLayout,
    children: [
      // Home carries the reservoir's readings and the photos, so its chart and photos are drawn by the server with their data.
      { index: true, Component: HomePage, loader: loaderOf(data, () => [waterLevelsRead, photosRead]) },
      page(
        data,
        PATHS.calendar,
        'src/features/events/components/calendar-page.tsx',
        async () => (await import('./features/events/components/calendar-page')).CalendarPage,
        () => [calendarRead],
      ),
      page(
        data,
        PATHS.eventBooking,
        'src/features/bookings/components/event-booking-page.tsx',
        async () => (await import('./features/bookings/components/event-booking-page')).EventBookingPage,
        (query) => {
          const id = param(query, 'id');
          const booked = param(query, 'booked');
          return [id === null ? null : bookingEventRead(id), booked === null ? null : myBookingRead(booked)];
        },
      ),
      page(
        data,
        PATHS.myBooking,
        'src/features/bookings/components/my-booking-page.tsx',
        async () => (await import('./features/bookings/components/my-booking-page')).MyBookingPage,
        (query) => {
          const token = param(query, 'token');
          return [token === null ? null : myBookingRead(token)];
        },
      ),
      page(
        data,
        PATHS.waitingList,
        'src/features/waiting-list/components/waiting-list-page.tsx',
        async () => (await import('./features/waiting-list/components/waiting-list-page')).WaitingListPage,
        (query) => {
          const token = param(query, 'token');
          return [token === null ? null : myWaitingListRead(token)];
        },
      ),
      page(
        data,
        PATHS.workDayBooking,
        'src/features/work-days/components/work-day-page.tsx',
        async () => (await import('./features/work-days/components/work-day-page')).WorkDayPage,
        (query) => {
          const id = param(query, 'id');
          return [id === null ? workDaysRead : workDayRead(id)];
        },
      ),
      page(
        data,
        PATHS.workDayWithdraw,
        'src/features/work-days/components/work-day-withdraw-page.tsx',
        async () => (await import('./features/work-days/components/work-day-withdraw-page')).WorkDayWithdrawPage,
        (query) => {
          const token = param(query, 'token');
          return [token === null ? null : myWorkDaySignupRead(token)];
        },
      ),
      page(
        data,
        PATHS.news,
        'src/features/news/components/news-page.tsx',
        async () => (await import('./features/news/components/news-page')).NewsPage,
        () => [campaignsRead],
      ),
      page(
        data,
        `${PATHS.news}/:id`,
        'src/features/news/components/news-item-page.tsx',
        async () => (await import('./features/news/components/news-item-page')).NewsItemPage,
        (_query, params) => [params.id ? newsItemRead(params.id) : null],
      ),
      page(
        data,
        PATHS.documents,
        'src/features/documents/components/documents-page.tsx',
        async () => (await import('./features/documents/components/documents-page')).DocumentsPage,
        () => [documentsRead],
      ),
      page(
        data,
        PATHS.information,
        'src/features/site-pages/components/information-page.tsx',
        async () => (await import('./features/site-pages/components/information-page')).InformationPage,
        () => [sitePageRead('information')],
      ),
      page(
        data,
        PATHS.beginners,
        'src/features/site-pages/components/beginners-page.tsx',
        async () => (await import('./features/site-pages/components/beginners-page')).BeginnersPage,
        () => [sitePageRead('beginners')],
      ),
      page(
        data,
        PATHS.privacy,
        'src/features/site-pages/components/privacy-page.tsx',
        async () => (await import('./features/site-pages/components/privacy-page')).PrivacyPage,
        () => [sitePageRead('privacy'), retentionScheduleRead],
      ),
      page(
        data,
        PATHS.signIn,
        'src/features/member-sign-in/components/sign-in-page.tsx',
        async () => (await import('./features/member-sign-in/components/sign-in-page')).SignInPage,
      ),
      page(
        data,
        PATHS.join,
        'src/features/membership/components/join-page.tsx',
        async () => (await import('./features/membership/components/join-page')).JoinPage,
        () => [joinOfferRead],
      ),
      page(
        data,
        RENEWAL_LINK_PATH,
        'src/features/member-sign-in/components/renewal-link-page.tsx',
        async () => (await import('./features/member-sign-in/components/renewal-link-page')).RenewalLinkPage,
      ),
      page(
        data,
        PATHS.myClub,
        'src/features/my-club/components/my-club-page.tsx',
        async () => (await import('./features/my-club/components/my-club-page')).MyClubPage,
      ),
      page(
        data,
        PATHS.renew,
        'src/features/my-club/components/renew-page.tsx',
        async () => (await import('./features/my-club/components/renew-page')).RenewPage,
      ),
      page(
        data,
        PATHS.duties,
        'src/features/duties/components/duties-page.tsx',
        async () => (await import('./features/duties/components/duties-page')).DutiesPage,
      ),
      { path: '*', Component: NotFoundPage },
    ],
  };
  const panel: RouteObject = { path: '/admin/*', lazy: async () => ({ Component: (await import('./admin/admin-app')).default }) };
  return [
    {
      id: 'root',
      Component: Root,
      // The club's settings, which every page's header and footer show.
      loader: loaderOf(data, () => [clubConfigRead]),
      HydrateFallback: () => <Spinner label="Loading..." />,
      // The admin panel last, so the members' routes have the same ids on the server and in the browser.
      children: admin ? [members, panel] : [members],
    },
  ];
}
