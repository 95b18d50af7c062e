import { ArchiveWorkDay } from '../../../core/work-days/archive-work-day';
import { CreateWorkDay } from '../../../core/work-days/create-work-day';
import { ExportWorkDaySignups } from '../../../core/work-days/export-work-day-signups';
import { GetAdminWorkDay } from '../../../core/work-days/get-admin-work-day';
import { GetMyWorkDaySignup } from '../../../core/work-days/get-my-work-day-signup';
import { GetWorkDay } from '../../../core/work-days/get-work-day';
import { ListCalendarWorkDays } from '../../../core/calendar/list-calendar-work-days';
import { ListWorkDaySignups } from '../../../core/work-days/list-work-day-signups';
import { ListWorkDays } from '../../../core/work-days/list-work-days';
import { RemoveWorkDaySignup } from '../../../core/work-days/remove-work-day-signup';
import { RemoveWorkDaySignups } from '../../../core/work-days/remove-work-day-signups';
import { SignUpForWorkDay } from '../../../core/work-days/sign-up-for-work-day';
import { UpdateWorkDay } from '../../../core/work-days/update-work-day';
import { WithdrawFromWorkDay } from '../../../core/work-days/withdraw-from-work-day';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, searchIndexing, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ siteSettings: siteSettings(config) });

export const workDaysFeature: Feature = {
  name: 'work-days',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
    // Creating, changing and archiving a work day take the same ports.
    const workDayWriting = () => ({ workDays: get('workDays'), ...auditTrail(get), ...searchIndexing(get, options) });
    // So do removing one sign-up and several (core's RemoveWorkDaySignupDeps).
    const signupRemoval = () => ({ workDays: get('workDays'), ...auditTrail(get) });
    return [
      provide(ListWorkDays, () => new ListWorkDays({ workDays: get('workDays') })),
      provide(GetWorkDay, () => new GetWorkDay({ workDays: get('workDays') })),
      provide(
        SignUpForWorkDay,
        () =>
          new SignUpForWorkDay({
            workDays: get('workDays'),
            clock: get('clock'),
            ids: get('ids'),
            workDayLinks: get('workDayLinks'),
            siteSettings: settings.siteSettings,
          }),
      ),
      provide(ListWorkDaySignups, () => new ListWorkDaySignups({ workDays: get('workDays') })),
      provide(GetAdminWorkDay, () => new GetAdminWorkDay({ workDays: get('workDays') })),
      provide(CreateWorkDay, () => new CreateWorkDay(workDayWriting())),
      provide(UpdateWorkDay, () => new UpdateWorkDay(workDayWriting())),
      provide(ArchiveWorkDay, () => new ArchiveWorkDay(workDayWriting())),
      provide(RemoveWorkDaySignup, () => new RemoveWorkDaySignup({ ...signupRemoval(), siteSettings: settings.siteSettings })),
      provide(RemoveWorkDaySignups, () => new RemoveWorkDaySignups(signupRemoval())),
      provide(ExportWorkDaySignups, () => new ExportWorkDaySignups({ workDays: get('workDays') })),
      provide(GetMyWorkDaySignup, () => new GetMyWorkDaySignup({ workDays: get('workDays'), workDayLinks: get('workDayLinks'), clock: get('clock') })),
      provide(WithdrawFromWorkDay, () => new WithdrawFromWorkDay({ workDays: get('workDays'), workDayLinks: get('workDayLinks'), ...auditTrail(get) })),
      provide(ListCalendarWorkDays, () => new ListCalendarWorkDays({ workDays: get('workDays'), clock: get('clock') })),
    ];
  },
};
