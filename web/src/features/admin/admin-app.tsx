import { Navigate, Route, Routes } from 'react-router-dom';
import { PERMISSION_MESSAGES } from '@core/domain/permissions';
import { AdminLayout } from './components/admin-layout';
import { AdminSessionProvider } from './components/admin-session';
import { BookingsOverviewPage } from './components/bookings-overview-page';
import { DashboardPage } from './components/dashboard-page';
import { EventBookingsPage } from './components/event-bookings-page';
import { EventCreatePage, EventEditPage } from './components/event-form-pages';
import { EventsListPage } from './components/events-list-page';
import { LoginPage } from './components/login-page';
import { MembersPage } from './components/members-page';
import { NotFoundPage } from './components/not-found-page';
import { RequirePermission, RequireSignIn } from './components/require-admin';
import { RouteFocus } from './components/route-focus';
import { WorkDaysPage } from './components/work-days-page';
import './admin.css';

/**
 * The admin panel, mounted by the app's router at /admin/*; its paths are relative to /admin.
 * Permission checks here only decide what is shown: the server refuses the calls all the same.
 */
export default function AdminApp() {
  return (
    <div className="adm-root">
      <AdminSessionProvider>
        <RouteFocus />
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route element={<RequireSignIn />}>
            <Route element={<AdminLayout />}>
              <Route index element={<Navigate to="/admin/dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route
                path="events"
                element={
                  <RequirePermission permission="events:read" message={PERMISSION_MESSAGES.eventsRead}>
                    <EventsListPage />
                  </RequirePermission>
                }
              />
              <Route
                path="events/create"
                element={
                  <RequirePermission permission="events:write" message={PERMISSION_MESSAGES.create}>
                    <EventCreatePage />
                  </RequirePermission>
                }
              />
              <Route
                path="events/edit/:id"
                element={
                  <RequirePermission permission="events:write" message={PERMISSION_MESSAGES.edit}>
                    <EventEditPage />
                  </RequirePermission>
                }
              />
              <Route
                path="bookings"
                element={
                  <RequirePermission permission="bookings:read" message={PERMISSION_MESSAGES.bookings}>
                    <BookingsOverviewPage />
                  </RequirePermission>
                }
              />
              <Route
                path="bookings/:eventId"
                element={
                  <RequirePermission permission="bookings:read" message={PERMISSION_MESSAGES.bookings}>
                    <EventBookingsPage />
                  </RequirePermission>
                }
              />
              <Route path="members" element={<MembersPage />} />
              <Route
                path="work-days"
                element={
                  <RequirePermission permission="events:read" message={PERMISSION_MESSAGES.eventsRead}>
                    <WorkDaysPage />
                  </RequirePermission>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </AdminSessionProvider>
    </div>
  );
}
