import { expect, it } from 'vitest';
import type { WaterLevelReading } from '../../../../core/water-levels/water-level';
import type { WaterLevelRepository } from '../../../../core/water-levels/water-level-repository.port';
import { describeContract, itAnswers, type AdapterFactory } from '../../../support/contract/storage-fixtures';

function daily(from: string, days: number, percent: (day: number) => number): WaterLevelReading[] {
  const start = Date.parse(`${from}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, day) => ({ date: new Date(start + day * 86_400_000).toISOString().slice(0, 10), percentFull: percent(day) }));
}

export function describeWaterLevelRepositoryContract(name: string, makeAdapter: AdapterFactory<WaterLevelRepository>): void {
  describeContract('WaterLevelRepository', name, makeAdapter, (levels) => {
    itAnswers('has no readings at first', [() => levels().readings('2026-01-01', '2026-12-31'), []]);

    it('returns the readings between two dates, both included, oldest first', async () => {
      await levels().putMany([
        { date: '2026-03-03', percentFull: 71.5 },
        { date: '2026-03-01', percentFull: 70 },
        { date: '2026-02-28', percentFull: 69.9 },
        { date: '2026-03-02', percentFull: 100 },
        { date: '2026-03-04', percentFull: 0 },
      ]);
      expect(await levels().readings('2026-03-01', '2026-03-03')).toEqual([
        { date: '2026-03-01', percentFull: 70 },
        { date: '2026-03-02', percentFull: 100 },
        { date: '2026-03-03', percentFull: 71.5 },
      ]);
      expect(await levels().readings('2026-03-04', '2026-03-04')).toEqual([{ date: '2026-03-04', percentFull: 0 }]);
      expect(await levels().readings('2026-03-05', '2026-03-01')).toEqual([]);
    });

    it('replaces a reading of a date already stored', async () => {
      await levels().putMany([{ date: '2026-03-01', percentFull: 70 }]);
      await levels().putMany([
        { date: '2026-03-01', percentFull: 72.25 },
        { date: '2026-03-02', percentFull: 73 },
      ]);
      expect(await levels().readings('2026-01-01', '2026-12-31')).toEqual([
        { date: '2026-03-01', percentFull: 72.25 },
        { date: '2026-03-02', percentFull: 73 },
      ]);
    });

    it('stores two years of daily readings in one call', async () => {
      const readings = daily('2025-01-01', 730, (day) => 50 + (day % 50));
      await levels().putMany(readings);
      expect(await levels().readings('2025-01-01', '2026-12-31')).toEqual(readings);
      expect(await levels().readings('2026-01-01', '2026-01-31')).toEqual(readings.slice(365, 396));
    });

    it('stores the readings of a large import all at once (4000 days)', async () => {
      const readings = daily('2015-01-01', 4000, (day) => (day * 7) % 101);
      await levels().putMany(readings);
      expect(await levels().readings('2015-01-01', '2026-12-31')).toEqual(readings);
    });

    it('stores none of the readings when one of them cannot be stored (all or nothing)', async () => {
      await levels().putMany([{ date: '2024-01-01', percentFull: 10 }]);
      const readings = daily('2024-01-01', 900, () => 55);
      const bad = [...readings, { date: '2026-06-01', percentFull: Number.NaN }];
      await expect(levels().putMany(bad)).rejects.toThrow();
      const outOfRange = [...readings, { date: '2026-06-02', percentFull: 101 }];
      await expect(levels().putMany(outOfRange)).rejects.toThrow();
      expect(await levels().readings('2020-01-01', '2026-12-31')).toEqual([{ date: '2024-01-01', percentFull: 10 }]);
    });

    it('adds a reading only to a date that has none', async () => {
      expect(await levels().add({ date: '2026-05-01', percentFull: 40 })).toBe(true);
      expect(await levels().add({ date: '2026-05-01', percentFull: 99 })).toBe(false);
      expect(await levels().readings('2026-05-01', '2026-05-01')).toEqual([{ date: '2026-05-01', percentFull: 40 }]);
    });

    it('of two adds of the same date at once, exactly one stores its reading', async () => {
      const results = await Promise.all([levels().add({ date: '2026-05-02', percentFull: 1 }), levels().add({ date: '2026-05-02', percentFull: 2 })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const stored = await levels().readings('2026-05-02', '2026-05-02');
      expect(stored).toEqual([{ date: '2026-05-02', percentFull: results[0] ? 1 : 2 }]);
    });

    it('deletes the reading of one date, and says when there was none', async () => {
      await levels().putMany([
        { date: '2026-05-01', percentFull: 40 },
        { date: '2026-05-02', percentFull: 41 },
      ]);
      expect(await levels().delete('2026-05-01')).toBe(true);
      expect(await levels().delete('2026-05-01')).toBe(false);
      expect(await levels().delete('2026-05-09')).toBe(false);
      expect(await levels().readings('2026-01-01', '2026-12-31')).toEqual([{ date: '2026-05-02', percentFull: 41 }]);
    });
  });
}
