import type { ConditionsSource } from '../../core/conditions/conditions-source.port';

/**
 * The embedded default (CONDITIONS unset): no provider, no network, no forecast. Members and
 * admins see "no forecast"; limits and decisions work all the same.
 */
export class NoConditionsSource implements ConditionsSource {
  async fetchForecast(): Promise<null> {
    return null;
  }
}
