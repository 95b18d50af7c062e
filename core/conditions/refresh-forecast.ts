import type { Clock } from '../shared/clock.port';
import { UseCase } from '../shared/use-case';
import type { ConditionsRepository } from './conditions-repository.port';
import type { ConditionsSource } from './conditions-source.port';
import { forecastDue } from './forecast-state';

export interface RefreshForecastDeps {
  conditionsSource: ConditionsSource;
  conditions: Pick<ConditionsRepository, 'getForecast' | 'saveForecast'>;
  clock: Clock;
}

/** What one refresh did: fetched and stored, not due yet, or the source gives no forecast. */
export type RefreshOutcome = 'fetched' | 'not-due' | 'no-source';

/**
 * The job runner's forecast round: asks the source for a new forecast when the stored one is an
 * hour old (or there is none) and stores it, so every instance shows the same and the provider is
 * asked at most hourly. A failure (the provider out of reach) throws, keeps the stored forecast
 * (shown with its age) and is tried again at the next round.
 */
export class RefreshForecast extends UseCase<RefreshForecastDeps> {
  async execute(): Promise<RefreshOutcome> {
    const stored = await this.deps.conditions.getForecast();
    if (!forecastDue(stored, this.deps.clock.now())) return 'not-due';
    const forecast = await this.deps.conditionsSource.fetchForecast();
    if (forecast === null) return 'no-source';
    await this.deps.conditions.saveForecast(forecast);
    return 'fetched';
  }
}
