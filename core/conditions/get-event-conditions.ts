import type { EventRepository } from '../events/event-repository.port';
import { isEventOver } from '../events/event-time';
import type { Clock } from '../shared/clock.port';
import { EVENT_NOT_FOUND } from '../shared/messages';
import { requireFound } from '../shared/require-found';
import { UseCase } from '../shared/use-case';
import { eventSpan, hoursOfEvent } from './compare-conditions';
import type { ConditionsRepository } from './conditions-repository.port';
import type { MemberEventConditions } from './conditions-schema';
import { currentDecision } from './event-conditions';
import { forecastState } from './forecast-state';

export interface GetEventConditionsDeps {
  events: Pick<EventRepository, 'get'>;
  conditions: Pick<ConditionsRepository, 'getForecast' | 'getEvent'>;
  clock: Clock;
  /** The words crediting the forecast's provider, or null when there is no provider (no forecast). */
  attribution: string | null;
}

/**
 * What members see of an event's conditions (public): the forecast hours it covers while it is
 * still to come (none once over), and the decision that stands, without who made it.
 */
export class GetEventConditions extends UseCase<GetEventConditionsDeps> {
  async execute(eventId: string): Promise<MemberEventConditions> {
    const event = await requireFound(this.deps.events.get(eventId), EVENT_NOT_FOUND);
    const now = this.deps.clock.now();
    const [forecast, record] = await Promise.all([this.deps.conditions.getForecast(), this.deps.conditions.getEvent(eventId)]);
    const span = eventSpan(event);
    const hours = forecast && span && !isEventOver(event, now) ? hoursOfEvent(span, forecast.hours) : [];
    const decision = record ? currentDecision(record) : null;
    return {
      forecast: forecastState(forecast, now),
      hours,
      decision: decision ? { decision: decision.decision, reason: decision.reason, decidedAt: decision.decidedAt, moved: decision.moved } : null,
      attribution: forecast ? this.deps.attribution : null,
    };
  }
}
