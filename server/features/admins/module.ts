import { ChangePassword } from '../../../core/admin-accounts/change-password';
import { CreateAdmin } from '../../../core/admin-accounts/create-admin';
import { GetDashboard } from '../../../core/operations/dashboard';
import { ListAdmins } from '../../../core/admins/list-admins';
import { ListAudit } from '../../../core/audit/list-audit';
import { RequestPasswordReset } from '../../../core/admin-accounts/request-password-reset';
import { ResetPassword } from '../../../core/admin-accounts/reset-password';
import { SignIn } from '../../../core/admins/sign-in';
import { UpdateAdmin } from '../../../core/admin-accounts/update-admin';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ siteSettings: siteSettings(config), mailOn: config.mail !== null });

export const adminsFeature: Feature = {
  name: 'admins',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
    return [
      provide(ListAdmins, () => new ListAdmins({ admins: get('admins') })),
      provide(CreateAdmin, () => new CreateAdmin({ identity: get('identity'), admins: get('admins'), ...auditTrail(get) })),
      provide(UpdateAdmin, () => new UpdateAdmin({ admins: get('admins'), identity: get('identity'), ...auditTrail(get) })),
      provide(SignIn, () => new SignIn({ identity: get('identity'), admins: get('admins'), loginAttempts: get('loginAttempts'), clock: get('clock') })),
      provide(
        RequestPasswordReset,
        () =>
          new RequestPasswordReset({
            identity: get('identity'),
            admins: get('admins'),
            loginAttempts: get('loginAttempts'),
            resetTokens: get('resetTokens'),
            secrets: get('secrets'),
            outbox: get('outbox'),
            ids: get('ids'),
            clock: get('clock'),
            siteSettings: settings.siteSettings,
            mailOn: settings.mailOn,
            reportPasswordResetError: options.reportPasswordResetError,
          }),
      ),
      provide(
        ResetPassword,
        () =>
          new ResetPassword({
            identity: get('identity'),
            admins: get('admins'),
            resetTokens: get('resetTokens'),
            secrets: get('secrets'),
            sessions: get('sessions'),
            loginAttempts: get('loginAttempts'),
            ...auditTrail(get),
          }),
      ),
      provide(
        ChangePassword,
        () =>
          new ChangePassword({
            identity: get('identity'),
            sessions: get('sessions'),
            loginAttempts: get('loginAttempts'),
            resetTokens: get('resetTokens'),
            ...auditTrail(get),
          }),
      ),
      provide(ListAudit, () => new ListAudit({ audit: get('audit'), admins: get('admins') })),
      provide(GetDashboard, () => new GetDashboard({ events: get('events'), bookings: get('bookings'), clock: get('clock'), workDays: get('workDays') })),
    ];
  },
};
