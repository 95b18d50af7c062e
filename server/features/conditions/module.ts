import { SendConditionsAlerts } from '../../../core/conditions/conditions-alerts';
import { DecideEvent } from '../../../core/conditions/decide-event';
import { OPEN_METEO_ATTRIBUTION } from '../../../core/conditions/forecast-state';
import { GetConditionsLimits } from '../../../core/conditions/get-conditions-limits';
import { GetEventConditions } from '../../../core/conditions/get-event-conditions';
import { GetGoNoGo } from '../../../core/conditions/get-go-no-go';
import { RefreshForecast } from '../../../core/conditions/refresh-forecast';
import { SaveConditionsLimits } from '../../../core/conditions/save-conditions-limits';
import { SetEventKind } from '../../../core/conditions/set-event-kind';
import { CancelEvent } from '../../../core/operations/cancel-event';
import { UpdateEvent } from '../../../core/operations/update-event';
import type { AppConfig } from '../../config';
import { auditTrail, type Feature, provide, siteSettings } from '../feature';

/** The settings this feature reads, each under its one name. */
const settingsOf = (config: AppConfig) => ({
  attribution: config.openMeteo ? OPEN_METEO_ATTRIBUTION : null,
  alertHoursBefore: config.conditionsAlertHours,
  siteSettings: siteSettings(config),
});

/** The go/no-go (docs/conditions.md): the forecast, the club's limits, the officer's decisions and the admins' alerts. */
export const conditionsFeature: Feature = {
  name: 'conditions',
  useCases: ({ get, config, useCase }) => {
    const settings = settingsOf(config);
    return [
      provide(GetConditionsLimits, () => new GetConditionsLimits({ conditions: get('conditions') })),
      provide(SaveConditionsLimits, () => new SaveConditionsLimits({ conditions: get('conditions'), ...auditTrail(get) })),
      provide(RefreshForecast, () => new RefreshForecast({ conditionsSource: get('conditionsSource'), conditions: get('conditions'), clock: get('clock') })),
      provide(
        GetGoNoGo,
        () => new GetGoNoGo({ events: get('events'), bookings: get('bookings'), conditions: get('conditions'), duties: get('duties'), clock: get('clock') }),
      ),
      provide(
        GetEventConditions,
        () => new GetEventConditions({ events: get('events'), conditions: get('conditions'), clock: get('clock'), attribution: settings.attribution }),
      ),
      provide(SetEventKind, () => new SetEventKind({ events: get('events'), conditions: get('conditions'), ...auditTrail(get) })),
      provide(
        DecideEvent,
        () =>
          new DecideEvent({
            events: get('events'),
            conditions: get('conditions'),
            // The event edit and the cancellation as every admin uses them: one path for each.
            updateEvent: useCase(UpdateEvent),
            cancelEvent: useCase(CancelEvent),
            bookings: get('bookings'),
            duties: get('duties'),
            pushSubscriptions: get('pushSubscriptions'),
            pushOutbox: get('pushOutbox'),
            jobs: get('jobs'),
            ...auditTrail(get),
          }),
      ),
      provide(
        SendConditionsAlerts,
        () =>
          new SendConditionsAlerts({
            events: get('events'),
            conditions: get('conditions'),
            admins: get('admins'),
            bookings: get('bookings'),
            duties: get('duties'),
            outbox: get('outbox'),
            clock: get('clock'),
            siteSettings: settings.siteSettings,
            alertHoursBefore: settings.alertHoursBefore,
            dutyRedAlertDays: config.dutyRedAlertDays,
          }),
      ),
    ];
  },
};
