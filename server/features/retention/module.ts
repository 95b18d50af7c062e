import { ApplyRetention } from '../../../core/privacy/apply-retention';
import { GetRetentionOverview } from '../../../core/privacy/retention-overview';
import { GetRetentionSchedule } from '../../../core/privacy/retention-schedule-list';
import type { AppConfig } from '../../config';
import { provide, siteSettings, type Feature } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({ retentionSchedule: config.retentionSchedule, retentionRunHour: config.retentionRunHour });

/** Members' data rights, part B (docs/data-protection.md): the retention schedule, its nightly run, its page and the privacy notice's section. */
export const retentionFeature: Feature = {
  name: 'retention',
  useCases: ({ get, config }) => {
    const settings = settingsOf(config);
    return [
      provide(
        ApplyRetention,
        () =>
          new ApplyRetention({
            retention: get('retention'),
            personalData: get('personalData'),
            households: get('households'),
            availability: get('availability'),
            membership: get('membership'),
            members: get('members'),
            duties: get('duties'),
            events: get('events'),
            admins: get('admins'),
            siteSettings: siteSettings(config),
            audit: get('audit'),
            pseudonyms: get('pseudonyms'),
            clock: get('clock'),
            ids: get('ids'),
            retentionSchedule: settings.retentionSchedule,
            retentionRunHour: settings.retentionRunHour,
          }),
      ),
      provide(GetRetentionOverview, () => new GetRetentionOverview({ retention: get('retention'), clock: get('clock'), ...settings })),
      provide(GetRetentionSchedule, () => new GetRetentionSchedule({ retentionSchedule: settings.retentionSchedule })),
    ];
  },
};
