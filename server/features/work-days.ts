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
import { provide, siteSettings, type Feature } from './feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  siteSettings: siteSettings(config),
});

export const workDaysFeature: Feature = {
  name: 'work-days',
  useCases: ({ get, config, options }) => {
    const settings = settingsOf(config);
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
      provide(
        CreateWorkDay,
        () =>
          new CreateWorkDay({
            workDays: get('workDays'),
            search: get('search'),
            ids: get('ids'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            clock: get('clock'),
          }),
      ),
      provide(
        UpdateWorkDay,
        () =>
          new UpdateWorkDay({
            workDays: get('workDays'),
            search: get('search'),
            ids: get('ids'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            clock: get('clock'),
          }),
      ),
      provide(
        ArchiveWorkDay,
        () =>
          new ArchiveWorkDay({
            workDays: get('workDays'),
            search: get('search'),
            reportSearchIndexError: options.reportSearchIndexError,
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
      provide(
        RemoveWorkDaySignup,
        () =>
          new RemoveWorkDaySignup({
            workDays: get('workDays'),
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
      provide(
        RemoveWorkDaySignups,
        () =>
          new RemoveWorkDaySignups({
            workDays: get('workDays'),
            audit: get('audit'),
            ids: get('ids'),
            clock: get('clock'),
          }),
      ),
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
            audit: get('audit'),
            ids: get('ids'),
            workDays: get('workDays'),
            workDayLinks: get('workDayLinks'),
            clock: get('clock'),
          }),
      ),
      provide(ListCalendarWorkDays, () => new ListCalendarWorkDays({ workDays: get('workDays'), clock: get('clock') })),
    ];
  },
};
