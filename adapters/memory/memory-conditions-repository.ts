import { ConditionsLimitsSchema, type ConditionsLimits } from '../../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../../core/conditions/conditions-repository.port';
import { EventConditionsSchema, noEventConditions, type EventConditions } from '../../core/conditions/event-conditions';
import { ValidationError } from '../../core/shared/errors';
import { ForecastSchema, type Forecast } from '../../core/conditions/forecast';
import { validRecord } from '../stored-records';
import { copiesOf, copyOrNull } from './memory-records';

/** The go/no-go's records in memory (tests, and the contract's reference). */
export class MemoryConditionsRepository implements ConditionsRepository {
  private limits: ConditionsLimits | null = null;
  private forecast: Forecast | null = null;
  private readonly events = new Map<string, EventConditions>();

  async getLimits(): Promise<ConditionsLimits | null> {
    return this.limits ? structuredClone(this.limits) : null;
  }

  async saveLimits(limits: ConditionsLimits): Promise<void> {
    this.limits = structuredClone(validRecord(ConditionsLimitsSchema, limits, 'set of limits'));
  }

  async getForecast(): Promise<Forecast | null> {
    return this.forecast ? structuredClone(this.forecast) : null;
  }

  async saveForecast(forecast: Forecast): Promise<void> {
    this.forecast = structuredClone(validRecord(ForecastSchema, forecast, 'forecast'));
  }

  async getEvent(eventId: string): Promise<EventConditions | null> {
    return copyOrNull(this.events.get(eventId));
  }

  async getEvents(eventIds: readonly string[]): Promise<Map<string, EventConditions>> {
    return copiesOf(this.events, eventIds);
  }

  async changeEvent(eventId: string, change: (record: EventConditions) => EventConditions): Promise<EventConditions> {
    const id = validRecord(EventConditionsSchema, noEventConditions(eventId), 'event record').eventId;
    const next = validRecord(EventConditionsSchema, change(copyOrNull(this.events.get(id)) ?? noEventConditions(id)), 'event record');
    if (next.eventId !== id) throw new ValidationError(`An event record for ${next.eventId} cannot be stored as ${id}'s`);
    this.events.set(id, structuredClone(next));
    return structuredClone(next);
  }
}
