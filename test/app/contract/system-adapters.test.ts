import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../adapters/memory/fixed-clock';
import { SequentialIdGenerator } from '../../../adapters/memory/sequential-id-generator';
import { CryptoIdGenerator } from '../../../adapters/system/crypto-id-generator';
import { SystemClock } from '../../../adapters/system/system-clock';
import { describeClockContract } from './clock.contract';
import { describeIdGeneratorContract } from './id-generator.contract';

describeClockContract('SystemClock', () => new SystemClock());
describeClockContract('FixedClock', () => new FixedClock());
describeIdGeneratorContract('CryptoIdGenerator', () => new CryptoIdGenerator());
describeIdGeneratorContract('SequentialIdGenerator', () => new SequentialIdGenerator());

describe('SystemClock', () => {
  it('tells the machine’s time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('FixedClock', () => {
  it('stands still until moved forward', () => {
    const clock = new FixedClock('2026-06-01T09:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-06-01T09:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-06-01T09:00:00.000Z');
    clock.advance(30 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-06-01T09:30:00.000Z');
    clock.set('2026-06-02T00:00:00+01:00');
    expect(clock.now().toISOString()).toBe('2026-06-01T23:00:00.000Z');
  });

  it('refuses to go backwards or to an unreadable time', () => {
    const clock = new FixedClock('2026-06-01T09:00:00.000Z');
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set('2026-06-01T08:59:59.999Z')).toThrow(RangeError);
    expect(() => new FixedClock('not a date')).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-06-01T09:00:00.000Z');
  });
});

describe('SequentialIdGenerator', () => {
  it('numbers ids in order under its prefix', () => {
    const ids = new SequentialIdGenerator('booking');
    expect([ids.next(), ids.next()]).toEqual(['booking-000001', 'booking-000002']);
    expect(() => new SequentialIdGenerator('not safe!')).toThrow(RangeError);
  });
});
