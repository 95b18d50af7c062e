import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { Permission } from '@core/admins/admin';
import { PERMISSION_MESSAGES } from '@core/admins/permissions';
import { AdminLayout } from './shared/components/admin-layout';
import { AdminSessionProvider } from './session/components/admin-session';
import { AuditPage } from '../features/audit/admin/components/audit-page';
import { BookingDetailPage } from '../features/bookings/admin/components/booking-detail-page';
import { BookingsOverviewPage } from '../features/bookings/admin/components/bookings-overview-page';
import { DashboardPage } from './dashboard/components/dashboard-page';
import { EventBookingsPage } from '../features/bookings/admin/components/event-bookings-page';
import { EventCreatePage, EventEditPage } from '../features/events/admin/components/event-form-pages';
import { EventsListPage } from '../features/events/admin/components/events-list-page';
import { SeriesCreatePage, SeriesPage } from '../features/events/admin/components/series-pages';
import { AccountPage } from './session/components/account-page';
import { LoginPage } from './session/components/login-page';
import { ForgotPasswordPage } from './session/components/forgot-password-page';
import { ResetPasswordPage } from './session/components/reset-password-page';
import { MailPage } from '../features/mail/admin/components/mail-page';
import { AdminsPage } from '../features/admins/admin/components/admins-page';
import { MemberListPage } from '../features/member-list/admin/components/member-list-page';
import { NotFoundPage } from './shared/components/not-found-page';
import { RequirePermission, RequireSignIn } from './session/components/require-admin';
import { RouteFocus } from './shared/components/route-focus';
import { WorkDaysPage } from '../features/work-days/admin/components/work-days-page';
import { PhotosPage } from '../features/photos/admin/components/photos-page';
import { WorkDayCreatePage, WorkDayEditPage } from '../features/work-days/admin/components/work-day-form-pages';
import { WorkDayRosterPage } from '../features/work-days/admin/components/work-day-roster-page';
import { NewsListPage } from '../features/news/admin/components/news-list-page';
import { NewsCreatePage, NewsEditPage } from '../features/news/admin/components/news-form-pages';
import { WaterLevelsPage } from '../features/water-levels/admin/components/water-levels-page';
import { GoNoGoPage } from '../features/conditions/admin/components/go-no-go-page';
import { ConditionsLimitsPage } from '../features/conditions/admin/components/conditions-limits-page';
import { DocumentsPage } from '../features/documents/admin/components/documents-page';
import { SitePagesListPage } from '../features/site-pages/admin/components/site-pages-list-page';
import { SitePageEditPage } from '../features/site-pages/admin/components/site-page-edit-page';
import { DutiesPage } from '../features/duties/admin/components/duties-page';
import { MemberQualificationsPage } from '../features/duties/admin/components/member-qualifications-page';
import { EventRosterPage } from '../features/duties/admin/components/event-roster-page';
import { DutyDayPage } from '../features/duties/admin/components/duty-day-page';
import { DutyCountsPage } from '../features/duties/admin/components/duty-counts-page';
import { RotaFillPage } from '../features/duties/admin/components/rota-fill-page';
import { DataRequestsPage } from '../features/privacy/admin/components/data-requests-page';
import { OfficerDayPage } from '../features/check-in/admin/components/officer-day-page';
import { RetentionPage } from '../features/retention/admin/components/retention-page';
import { MembershipPage } from '../features/membership/admin/components/membership-page';
import { ApplicationsPage } from '../features/membership/admin/components/applications-page';
import '../components/ui/controls.css';
import './admin.css';

/** The screens that need a permission, with the catalogue's message for an admin without it. */
const GUARDED: { path: string; permission: Permission; message: string; Page: ComponentType }[] = [
  { path: 'events', permission: 'events:read', message: PERMISSION_MESSAGES.eventsRead, Page: EventsListPage },
  { path: 'events/create', permission: 'events:write', message: PERMISSION_MESSAGES.create, Page: EventCreatePage },
  { path: 'events/edit/:id', permission: 'events:write', message: PERMISSION_MESSAGES.edit, Page: EventEditPage },
  { path: 'events/series/new', permission: 'events:write', message: PERMISSION_MESSAGES.create, Page: SeriesCreatePage },
  { path: 'events/series/:id', permission: 'events:read', message: PERMISSION_MESSAGES.eventsRead, Page: SeriesPage },
  { path: 'events/go-no-go/:id', permission: 'events:read', message: PERMISSION_MESSAGES.eventsRead, Page: GoNoGoPage },
  { path: 'conditions', permission: 'events:read', message: PERMISSION_MESSAGES.eventsRead, Page: ConditionsLimitsPage },
  { path: 'bookings', permission: 'bookings:read', message: PERMISSION_MESSAGES.bookings, Page: BookingsOverviewPage },
  { path: 'bookings/:eventId', permission: 'bookings:read', message: PERMISSION_MESSAGES.bookings, Page: EventBookingsPage },
  { path: 'work-days', permission: 'events:read', message: PERMISSION_MESSAGES.eventsRead, Page: WorkDaysPage },
  { path: 'work-days/create', permission: 'workdays:write', message: PERMISSION_MESSAGES.workDaysWrite, Page: WorkDayCreatePage },
  { path: 'work-days/edit/:id', permission: 'workdays:write', message: PERMISSION_MESSAGES.workDaysWrite, Page: WorkDayEditPage },
  { path: 'work-days/:id', permission: 'events:read', message: PERMISSION_MESSAGES.eventsRead, Page: WorkDayRosterPage },
  { path: 'mail', permission: 'bookings:read', message: PERMISSION_MESSAGES.mailRead, Page: MailPage },
  { path: 'booking/:bookingId', permission: 'bookings:read', message: PERMISSION_MESSAGES.bookings, Page: BookingDetailPage },
  { path: 'audit', permission: 'audit:read', message: PERMISSION_MESSAGES.audit, Page: AuditPage },
  { path: 'news', permission: 'content:write', message: PERMISSION_MESSAGES.news, Page: NewsListPage },
  { path: 'news/create', permission: 'content:write', message: PERMISSION_MESSAGES.news, Page: NewsCreatePage },
  { path: 'news/edit/:id', permission: 'content:write', message: PERMISSION_MESSAGES.news, Page: NewsEditPage },
  { path: 'water-levels', permission: 'content:write', message: PERMISSION_MESSAGES.waterLevels, Page: WaterLevelsPage },
  { path: 'documents', permission: 'content:write', message: PERMISSION_MESSAGES.documentsWrite, Page: DocumentsPage },
  { path: 'photos', permission: 'content:write', message: PERMISSION_MESSAGES.photos, Page: PhotosPage },
  { path: 'pages', permission: 'content:write', message: PERMISSION_MESSAGES.sitePages, Page: SitePagesListPage },
  { path: 'pages/edit/:slug', permission: 'content:write', message: PERMISSION_MESSAGES.sitePages, Page: SitePageEditPage },
  { path: 'members', permission: 'members:write', message: PERMISSION_MESSAGES.members, Page: MemberListPage },
  { path: 'membership', permission: 'members:write', message: PERMISSION_MESSAGES.members, Page: MembershipPage },
  { path: 'membership/applications', permission: 'members:write', message: PERMISSION_MESSAGES.members, Page: ApplicationsPage },
  { path: 'admins', permission: 'admins:manage', message: PERMISSION_MESSAGES.admins, Page: AdminsPage },
  { path: 'duties', permission: 'duties:write', message: PERMISSION_MESSAGES.duties, Page: DutiesPage },
  { path: 'duties/qualifications', permission: 'duties:write', message: PERMISSION_MESSAGES.duties, Page: MemberQualificationsPage },
  { path: 'duties/events/:eventId', permission: 'duties:write', message: PERMISSION_MESSAGES.duties, Page: EventRosterPage },
  { path: 'duties/days', permission: 'duties:write', message: PERMISSION_MESSAGES.duties, Page: DutyDayPage },
  { path: 'duties/counts', permission: 'duties:write', message: PERMISSION_MESSAGES.duties, Page: DutyCountsPage },
  { path: 'duties/fill', permission: 'duties:write', message: PERMISSION_MESSAGES.duties, Page: RotaFillPage },
  // Data requests (docs/privacy-requests.md).
  { path: 'privacy', permission: 'privacy:manage', message: PERMISSION_MESSAGES.privacy, Page: DataRequestsPage },
  { path: 'today', permission: 'bookings:write', message: PERMISSION_MESSAGES.bookingsWrite, Page: OfficerDayPage },
  // Members' data rights (docs/data-protection.md).
  { path: 'retention', permission: 'privacy:manage', message: PERMISSION_MESSAGES.privacy, Page: RetentionPage },
];

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
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route element={<RequireSignIn />}>
            <Route element={<AdminLayout />}>
              <Route index element={<Navigate to="/admin/dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage />} />
              {GUARDED.map(({ path, permission, message, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RequirePermission permission={permission} message={message}>
                      <Page />
                    </RequirePermission>
                  }
                />
              ))}
              <Route path="account" element={<AccountPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </AdminSessionProvider>
    </div>
  );
}
