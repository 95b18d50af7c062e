import type { ConditionsLimits } from './conditions-limits';
import type { EventConditions } from './event-conditions';
import type { Forecast } from './forecast';

/**
 * What the go/no-go keeps in the configured storage, so that every server instance sees the same:
 * the club's limits, the last forecast fetched, and each event's kind and decisions.
 */
export interface ConditionsRepository {
  /** The limits as an admin last saved them, or null when none were ever saved. */
  getLimits(): Promise<ConditionsLimits | null>;
  /**
   * Stores the limits, replacing any saved before. Limits that are not valid ConditionsLimits are
   * refused with a ValidationError and nothing is stored. Read back, they equal what was saved.
   */
  saveLimits(limits: ConditionsLimits): Promise<void>;
  /** The last forecast stored (saveForecast), or null when none was. */
  getForecast(): Promise<Forecast | null>;
  /**
   * Stores the forecast, replacing the one stored before. A forecast that is not a valid Forecast
   * is refused with a ValidationError and the one stored stays. Read back, it equals what was saved.
   */
  saveForecast(forecast: Forecast): Promise<void>;
  /** What is kept about the event, or null when nothing is (also for an id no event could have). */
  getEvent(eventId: string): Promise<EventConditions | null>;
  /** What is kept about each of these events that has a record, by event id (the others absent). */
  getEvents(eventIds: readonly string[]): Promise<Map<string, EventConditions>>;
  /**
   * Changes what is kept about an event in one atomic step, and answers the record stored.
   * `change` is given the stored record (noEventConditions when there is none) and answers the
   * record to store; it may be called more than once (a store whose transaction lost a race runs
   * it again on what won), so it must only compute. Two changes of one event at once both take
   * effect: an officer's decision is never lost to another's, nor to an event kind set meanwhile.
   * A result that is not valid, or for another event, is refused with a ValidationError and
   * nothing is stored; an id no event could have is refused likewise.
   */
  changeEvent(eventId: string, change: (record: EventConditions) => EventConditions): Promise<EventConditions>;
}
