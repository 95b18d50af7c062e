import { ArchiveWorkDay } from '../../core/use-cases/archive-work-day';
import { CreateWorkDay } from '../../core/use-cases/create-work-day';
import { ExportWorkDaySignups } from '../../core/use-cases/export-work-day-signups';
import { GetAdminWorkDay } from '../../core/use-cases/get-admin-work-day';
import { GetMyWorkDaySignup } from '../../core/use-cases/get-my-work-day-signup';
import { GetWorkDay } from '../../core/use-cases/get-work-day';
import { ListCalendarWorkDays } from '../../core/use-cases/list-calendar-work-days';
import { ListWorkDaySignups } from '../../core/use-cases/list-work-day-signups';
import { ListWorkDays } from '../../core/use-cases/list-work-days';
import { RemoveWorkDaySignup } from '../../core/use-cases/remove-work-day-signup';
import { RemoveWorkDaySignups } from '../../core/use-cases/remove-work-day-signups';
import { SignUpForWorkDay } from '../../core/use-cases/sign-up-for-work-day';
import { UpdateWorkDay } from '../../core/use-cases/update-work-day';
import { WithdrawFromWorkDay } from '../../core/use-cases/withdraw-from-work-day';
import type { AppConfig } from '../config';
import { auditTrail, type Feature, provide, searchIndexing, siteSettings } from './feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  siteSettings: siteSettings(config),
});

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
      provide(RemoveWorkDaySignup, () => new RemoveWorkDaySignup(signupRemoval())),
      provide(RemoveWorkDaySignups, () => new RemoveWorkDaySignups(signupRemoval())),
      provide(ExportWorkDaySignups, () => new ExportWorkDaySignups({ workDays: get('workDays') })),
      provide(
        GetMyWorkDaySignup,
        () =>
          new GetMyWorkDaySignup({
            workDays: get('workDays'),
            workDayLinks: get('workDayLinks'),
            clock: get('clock'),
          }),
      ),
      provide(
        WithdrawFromWorkDay,
        () =>
          new WithdrawFromWorkDay({
            workDays: get('workDays'),
            workDayLinks: get('workDayLinks'),
            ...auditTrail(get),
          }),
      ),
      provide(ListCalendarWorkDays, () => new ListCalendarWorkDays({ workDays: get('workDays'), clock: get('clock') })),
    ];
  },
};
