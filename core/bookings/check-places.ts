import type { PlacesDifference } from './places-ledger';
import type { BookingRepository } from './booking-repository.port';
import type { Clock } from '../shared/clock.port';

export interface CheckPlacesDeps {
  bookings: BookingRepository;
  clock: Clock;
}

/**
 * The operators' check of the places ledgers (`npm run check-places`): recounts every event's
 * places from its bookings and reports each event whose ledger says otherwise; with `repair`,
 * rebuilds those ledgers from the bookings (the bookings are what counts).
 */
export class CheckPlaces {
  constructor(private readonly deps: CheckPlacesDeps) {}

  async execute(options: { repair: boolean }): Promise<PlacesDifference[]> {
    return this.deps.bookings.checkPlaces({ now: this.deps.clock.now(), repair: options.repair === true });
  }
}
