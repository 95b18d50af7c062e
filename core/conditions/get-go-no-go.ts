import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { permittedRecord } from '../admins/admin-record';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { Clock } from '../shared/clock.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { UseCase } from '../shared/use-case';
import type { ConditionsRepository } from './conditions-repository.port';
import type { GoNoGoPanel } from './conditions-schema';
import { forecastState } from './forecast-state';
import { goNoGoPanel, onGoNoGoList } from './go-no-go';
import type { ForecastState } from './conditions-schema';
import type { DutyRepository } from '../duties/duty-repository.port';
import { slotsOfEvent } from './safety-cover';

export interface GetGoNoGoDeps {
  events: Pick<EventRepository, 'get' | 'listNotOverBefore'>;
  bookings: Pick<BookingRepository, 'placesTakenByEvent'>;
  conditions: Pick<ConditionsRepository, 'getLimits' | 'getForecast' | 'getEvent' | 'getEvents'>;
  /** The duty roster: each event's slots and the duty types' names, for the safety-cover light. */
  duties: Pick<DutyRepository, 'listSlotsOfEvents' | 'listCatalogue'>;
  clock: Clock;
}

/** The go/no-go panels for admins (events:read): one event's, and the dashboard's list. */
export class GetGoNoGo extends UseCase<GetGoNoGoDeps> {
  async execute(admin: Admin, eventId: string): Promise<GoNoGoPanel> {
    const event = await permittedRecord(admin, 'events.list', () => this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const now = this.deps.clock.now();
    const [record, limits, forecast, places, slots, dutyTypes] = await Promise.all([
      this.deps.conditions.getEvent(eventId),
      this.deps.conditions.getLimits(),
      this.deps.conditions.getForecast(),
      this.deps.bookings.placesTakenByEvent([eventId], now),
      this.deps.duties.listSlotsOfEvents([eventId]),
      this.deps.duties.listCatalogue('dutyTypes'),
    ]);
    return goNoGoPanel({ event, record, limits, forecast, placesTaken: places.get(eventId) ?? 0, slots, dutyTypes, now });
  }

  /** Every coming event that stands, of the next week or that the forecast covers (onGoNoGoList), soonest first. */
  async list(admin: Admin): Promise<{ panels: GoNoGoPanel[]; forecast: ForecastState }> {
    requirePermission(admin, 'events.list');
    const now = this.deps.clock.now();
    const [limits, forecast] = await Promise.all([this.deps.conditions.getLimits(), this.deps.conditions.getForecast()]);
    const events = (await this.deps.events.listNotOverBefore(now)).filter((event) => onGoNoGoList(event, forecast, now));
    const ids = events.map((event) => event.id);
    const none = ids.length === 0;
    const [records, places, slots, dutyTypes] = await Promise.all([
      this.deps.conditions.getEvents(ids),
      none ? new Map<string, number>() : this.deps.bookings.placesTakenByEvent(ids, now),
      none ? [] : this.deps.duties.listSlotsOfEvents(ids),
      none ? [] : this.deps.duties.listCatalogue('dutyTypes'),
    ]);
    return {
      panels: events.map((event) =>
        goNoGoPanel({
          event,
          record: records.get(event.id) ?? null,
          limits,
          forecast,
          placesTaken: places.get(event.id) ?? 0,
          slots: slotsOfEvent(slots, event.id),
          dutyTypes,
          now,
        }),
      ),
      forecast: forecastState(forecast, now),
    };
  }
}
