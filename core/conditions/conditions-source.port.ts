import type { Forecast } from './forecast';

export interface ConditionsSource {
  /**
   * The hourly forecast for the club's position, asked of the provider now: wind and gusts in
   * knots, direction in degrees, temperature in °C, hours in time order, `fetchedAt` the time it
   * was asked. Null when this source gives no forecast at all (the embedded default, which needs
   * no network). Throws UnavailableError, with a message saying why (unreachable, timed out, the
   * provider's error, an answer that cannot be read), when the provider cannot give one.
   */
  fetchForecast(): Promise<Forecast | null>;
}
