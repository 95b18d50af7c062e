import { ConditionsLimitsSchema, type ConditionsLimits } from '../../core/conditions/conditions-limits';
import type { ConditionsRepository } from '../../core/conditions/conditions-repository.port';
import type { EventConditions } from '../../core/conditions/event-conditions';
import { changedEventRecord, eventRecordId } from '../conditions-records';
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
    const id = eventRecordId(eventId);
    const next = changedEventRecord(id, copyOrNull(this.events.get(id)), change);
    this.events.set(id, structuredClone(next));
    return structuredClone(next);
  }
}
