import type { IdGenerator } from '../../core/shared/id-generator.port';

/** Predictable ids for tests: `<prefix>-000001`, `<prefix>-000002`, ... */
export class SequentialIdGenerator implements IdGenerator {
  private counter = 0;

  constructor(private readonly prefix = 'id') {
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(prefix)) throw new RangeError('The prefix must be 1 to 50 URL-safe characters');
  }

  next(): string {
    this.counter += 1;
    return `${this.prefix}-${String(this.counter).padStart(6, '0')}`;
  }
}
