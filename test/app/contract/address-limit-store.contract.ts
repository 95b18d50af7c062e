import { expect, it } from 'vitest';
import type { AddressLimitStore } from '../../../core/shared/address-limit-store.port';
import { describeContract, type AdapterFactory } from '../../support/contract/storage-fixtures';

const at = (time: string) => new Date(`2026-06-01T${time}.000Z`);
const MINUTE = 60_000;

export function describeAddressLimitStoreContract(name: string, makeAdapter: AdapterFactory<AddressLimitStore>): void {
  describeContract('AddressLimitStore', name, makeAdapter, (limits) => {
    it('counts hits in a fixed window that starts with the first hit, and starts a new one once it has ended', async () => {
      const key = 'bookings-minute:203.0.113.7';
      expect(await limits().hit(key, MINUTE, at('09:00:00'))).toEqual({ hits: 1, resetAt: at('09:01:00') });
      expect(await limits().hit(key, MINUTE, at('09:00:30'))).toEqual({ hits: 2, resetAt: at('09:01:00') });
      expect(await limits().hit('bookings-minute:198.51.100.1', MINUTE, at('09:00:30'))).toEqual({ hits: 1, resetAt: at('09:01:30') });
      expect(await limits().hit(key, MINUTE, at('09:01:00'))).toEqual({ hits: 1, resetAt: at('09:02:00') });
    });

    it('takes back one hit, never below zero, and forgets a key on reset', async () => {
      const key = 'bookings-day:203.0.113.7';
      await limits().hit(key, MINUTE, at('09:00:00'));
      await limits().hit(key, MINUTE, at('09:00:01'));
      await limits().unhit(key);
      expect((await limits().hit(key, MINUTE, at('09:00:02'))).hits).toBe(2);
      await limits().unhit(key);
      await limits().unhit(key);
      await limits().unhit(key);
      await limits().unhit('never-seen');
      expect((await limits().hit(key, MINUTE, at('09:00:03'))).hits).toBe(1);
      await limits().reset(key);
      await limits().reset('never-seen');
      expect(await limits().hit(key, MINUTE, at('09:00:04'))).toEqual({ hits: 1, resetAt: at('09:01:04') });
    });

    it('counts 50 racing hits of one key exactly once each', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => limits().hit('k', MINUTE, at('09:00:00'))));
      expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it('counts racing hits, holds and releases of many keys at once, each key on its own', async () => {
      const keys = Array.from({ length: 20 }, (_, i) => `bookings-minute:198.18.0.${i}`);
      const hits = await Promise.all(keys.flatMap((key) => Array.from({ length: 4 }, () => limits().hit(key, MINUTE, at('09:00:00')))));
      for (const [k] of keys.entries())
        expect(
          hits
            .slice(k * 4, k * 4 + 4)
            .map((r) => r.hits)
            .sort(),
        ).toEqual([1, 2, 3, 4]);
      const limit = { max: 2, now: at('09:00:00') };
      const holds = await Promise.all(
        keys.flatMap((key) => [0, 1, 2].map((n) => limits().holdPlaces(`places:${key}`, { id: `b${n}`, places: 1, until: at('09:30:00') }, limit))),
      );
      for (const [k] of keys.entries()) expect(holds.slice(k * 3, k * 3 + 3).filter((r) => r.held)).toHaveLength(2);
      await Promise.all(keys.flatMap((key) => [...[0, 1, 2].map((n) => limits().releasePlaces(`places:${key}`, `b${n}`)), limits().unhit(key)]));
      const after = await Promise.all(keys.map((key) => limits().holdPlaces(`places:${key}`, { id: 'b3', places: 2, until: at('09:30:00') }, limit)));
      expect(after.every((r) => r.held)).toBe(true);
      expect((await Promise.all(keys.map((key) => limits().hit(key, MINUTE, at('09:00:01'))))).map((r) => r.hits)).toEqual(keys.map(() => 4));
    });

    it("counts an address's minute, day and places held on their own when they race, and keeps each window's own end", async () => {
      const address = '203.0.113.9';
      const limit = { max: 3, now: at('09:00:00') };
      const [minute, day, holds] = await Promise.all([
        Promise.all(Array.from({ length: 5 }, () => limits().hit(`bookings-minute:${address}`, MINUTE, at('09:00:00')))),
        Promise.all(Array.from({ length: 5 }, () => limits().hit(`bookings-day:${address}`, 24 * 60 * MINUTE, at('09:00:00')))),
        Promise.all(Array.from({ length: 5 }, (_, n) => limits().holdPlaces(`places:${address}`, { id: `b${n}`, places: 1, until: at('09:30:00') }, limit))),
      ]);
      expect(minute.map((r) => r.hits).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(day.map((r) => r.hits).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(holds.filter((r) => r.held)).toHaveLength(3);
      // The minute's window ends; the day's runs on, and so do the holds.
      expect(await limits().hit(`bookings-minute:${address}`, MINUTE, at('09:01:00'))).toEqual({ hits: 1, resetAt: at('09:02:00') });
      expect(await limits().hit(`bookings-day:${address}`, 24 * 60 * MINUTE, at('09:01:00'))).toEqual({
        hits: 6,
        resetAt: new Date(at('09:00:00').getTime() + 24 * 60 * MINUTE),
      });
      expect(await limits().holdPlaces(`places:${address}`, { id: 'b9', places: 1, until: at('09:31:00') }, { max: 3, now: at('09:01:00') })).toEqual({
        held: false,
        placesHeld: 3,
      });
      // Taking back a minute's hit or forgetting it leaves the day's count alone, and the reverse.
      await limits().reset(`bookings-minute:${address}`);
      await limits().unhit(`bookings-day:${address}`);
      expect((await limits().hit(`bookings-minute:${address}`, MINUTE, at('09:01:30'))).hits).toBe(1);
      expect((await limits().hit(`bookings-day:${address}`, 24 * 60 * MINUTE, at('09:01:30'))).hits).toBe(6);
      // Releasing one hold of the address frees its places for the next.
      const released = holds.findIndex((r) => r.held);
      await limits().releasePlaces(`places:${address}`, `b${released}`);
      expect(await limits().holdPlaces(`places:${address}`, { id: 'b10', places: 1, until: at('09:31:00') }, { max: 3, now: at('09:01:30') })).toEqual({
        held: true,
      });
    });

    it('holds places up to the most allowed, counting only holds still running, per key', async () => {
      const key = 'places:203.0.113.7';
      const limit = { max: 10, now: at('09:00:00') };
      expect(await limits().holdPlaces(key, { id: 'b1', places: 6, until: at('09:30:00') }, limit)).toEqual({ held: true });
      expect(await limits().holdPlaces(key, { id: 'b2', places: 5, until: at('09:30:00') }, limit)).toEqual({ held: false, placesHeld: 6 });
      expect(await limits().holdPlaces(key, { id: 'b3', places: 4, until: at('09:10:00') }, limit)).toEqual({ held: true });
      expect(await limits().holdPlaces('places:198.51.100.1', { id: 'b4', places: 10, until: at('09:30:00') }, limit)).toEqual({ held: true });
      // b3 ends at 09:10 exactly: from then on it no longer counts.
      const later = { max: 10, now: at('09:10:00') };
      expect(await limits().holdPlaces(key, { id: 'b5', places: 4, until: at('09:40:00') }, later)).toEqual({ held: true });
      expect(await limits().holdPlaces(key, { id: 'b6', places: 1, until: at('09:40:00') }, later)).toEqual({ held: false, placesHeld: 10 });
    });

    it('ends a hold early on release; an unknown hold changes nothing', async () => {
      const key = 'places:203.0.113.7';
      const limit = { max: 10, now: at('09:00:00') };
      await limits().holdPlaces(key, { id: 'b1', places: 10, until: at('09:30:00') }, limit);
      await limits().releasePlaces(key, 'unknown');
      await limits().releasePlaces('places:nobody', 'b1');
      expect(await limits().holdPlaces(key, { id: 'b2', places: 1, until: at('09:30:00') }, limit)).toEqual({ held: false, placesHeld: 10 });
      await limits().releasePlaces(key, 'b1');
      expect(await limits().holdPlaces(key, { id: 'b2', places: 10, until: at('09:30:00') }, limit)).toEqual({ held: true });
    });

    it('never lets 40 racing holds of one key take it past the most allowed', async () => {
      const key = 'places:203.0.113.7';
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => limits().holdPlaces(key, { id: `b${i}`, places: 3, until: at('09:30:00') }, { max: 20, now: at('09:00:00') })),
      );
      expect(results.filter((r) => r.held)).toHaveLength(6);
    });
  });
}
