import type { Clock } from '../../core/shared/clock.port';

/** A clock for tests: stands still until moved forward. */
export class FixedClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-06-01T09:00:00.000Z') {
    this.current = toMillis(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('A clock only moves forward');
    this.current += ms;
  }

  /** Moves the clock to `instant`, which must not be earlier than now. */
  set(instant: Date | string): void {
    const next = toMillis(instant);
    if (next < this.current) throw new RangeError('A clock only moves forward');
    this.current = next;
  }
}

function toMillis(instant: Date | string): number {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return ms;
}
