import type { Clock } from '../../core/shared/clock.port';

/** The machine's clock. */
export class SystemClock implements Clock {
  private last = 0;

  now(): Date {
    // The wall clock can step back (NTP corrections); the Clock contract says time never does.
    this.last = Math.max(this.last, Date.now());
    return new Date(this.last);
  }
}
