import { DutyReports } from '../../../core/duties/duty-reports';
import { SendDutyReminders } from '../../../core/duties/duty-reminders';
import { SendStaffingAlerts } from '../../../core/duties/staffing-alerts';
import type { AppConfig } from '../../config';
import { type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  dutyReminderDaysBefore: config.dutyReminderDays,
  redAlertDays: config.dutyRedAlertDays,
  siteSettings: siteSettings(config),
});

/** Duty rosters' admin side (docs/duties.md): reminders and red light alerts (job runner), the day's roster, season counts, the CSV export. */
export const dutyAdminFeature: Feature = {
  name: 'duty-admin',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    const mail = { outbox: get('outbox'), clock: get('clock'), siteSettings: settings.siteSettings };
    return [
      provide(
        SendDutyReminders,
        () =>
          new SendDutyReminders({
            duties: get('duties'),
            events: get('events'),
            members: get('members'),
            ...mail,
            dutyReminderDaysBefore: settings.dutyReminderDaysBefore,
          }),
      ),
      provide(
        SendStaffingAlerts,
        () => new SendStaffingAlerts({ duties: get('duties'), events: get('events'), admins: get('admins'), ...mail, redAlertDays: settings.redAlertDays }),
      ),
      provide(
        DutyReports,
        () => new DutyReports({ duties: get('duties'), events: get('events'), members: get('members'), households: get('households'), clock: get('clock') }),
      ),
    ];
  },
};
