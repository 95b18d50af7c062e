import { describe, expect, it } from 'vitest';
import type { MemberAvailability } from '../../../../core/duties/availability';
import { MemoryPersonalDataStore } from '../../../../adapters/memory/memory-personal-data-store';
import type { PersonalDataStore } from '../../../../core/privacy/personal-data-store.port';
import { personRecords } from '../../../../core/privacy/personal-records';
import { ValidationError } from '../../../../core/shared/errors';
import { aMember } from '../../../support/entities';
import { rejectionOf, withStore } from '../../../support/contract/storage-fixtures';
import { useFirestoreEmulator } from '../../../support/firestore-emulator-for-file';
import { storesUnderTest } from '../../../support/stores';

// The AvailabilityRepository contract (core/duties/availability-repository.port.ts) on every store:
// one record per member and season, a season listed by member id, a member's records removed, and
// the records found as the member's personal data (subject access, docs/privacy-requests.md).

const firestore = useFirestoreEmulator();
const STORES = storesUnderTest(firestore, 'kyc-availability-');

const record = (memberId: string, over: Partial<MemberAvailability> = {}): MemberAvailability => ({
  memberId,
  seasonStart: '2026-04-01',
  unavailable: ['2026-05-02', '2026-07-04'],
  wishes: [
    { dutyTypeId: 'galley', wish: 'prefer' },
    { dutyTypeId: 'safety', wish: 'rather-not' },
  ],
  updatedAt: '2026-04-10T09:00:00.000Z',
  ...over,
});

describe.each(STORES)('AvailabilityRepository (%s)', (_name, open) => {
  it('has none for a member who gave none; stores a record per member and season, a put replacing that season’s only', async () => {
    await withStore(open, async ({ availability }) => {
      expect(await availability.get('m-1', '2026-04-01')).toBeNull();
      expect(await availability.listSeason('2026-04-01')).toEqual([]);
      await availability.put(record('m-1'));
      await availability.put(record('m-1', { seasonStart: '2025-04-01', unavailable: ['2025-06-01'] }));
      expect(await availability.get('m-1', '2026-04-01')).toEqual(record('m-1'));
      const changed = record('m-1', { unavailable: [], wishes: [{ dutyTypeId: 'galley', wish: 'rather-not' }], updatedAt: '2026-04-11T09:00:00.000Z' });
      await availability.put(changed);
      expect(await availability.get('m-1', '2026-04-01')).toEqual(changed);
      expect(await availability.get('m-1', '2025-04-01')).toEqual(record('m-1', { seasonStart: '2025-04-01', unavailable: ['2025-06-01'] }));
      expect(await availability.get('m-2', '2026-04-01')).toBeNull();
    });
  });

  it("lists a season's records by member id, and no other season's", async () => {
    await withStore(open, async ({ availability }) => {
      for (const id of ['m-b', 'm-a', 'm-c']) await availability.put(record(id));
      await availability.put(record('m-0', { seasonStart: '2025-04-01', unavailable: [] }));
      expect((await availability.listSeason('2026-04-01')).map((r) => r.memberId)).toEqual(['m-a', 'm-b', 'm-c']);
      expect(await availability.listSeason('2024-04-01')).toEqual([]);
    });
  });

  it('refuses a record that is not valid with a ValidationError, storing nothing', async () => {
    await withStore(open, async ({ availability }) => {
      const bad = [
        record('m-1', { unavailable: ['not a date'] }),
        record('m-1', { wishes: [{ dutyTypeId: 'galley', wish: 'maybe' as 'prefer' }] }),
        record('', {}),
        record('m-1', { seasonStart: '1 April' }),
      ];
      for (const r of bad) expect(await rejectionOf(availability.put(r))).toBeInstanceOf(ValidationError);
      expect(await availability.get('m-1', '2026-04-01')).toBeNull();
      expect(await availability.listSeason('2026-04-01')).toEqual([]);
    });
  });

  it("removes a member's records of every season, answering how many, and leaves others'", async () => {
    await withStore(open, async ({ availability }) => {
      await availability.put(record('m-1'));
      await availability.put(record('m-1', { seasonStart: '2025-04-01', unavailable: [] }));
      await availability.put(record('m-2'));
      expect(await availability.removeMember('m-1')).toBe(2);
      expect(await availability.removeMember('m-1')).toBe(0);
      expect(await availability.get('m-1', '2026-04-01')).toBeNull();
      expect(await availability.get('m-1', '2025-04-01')).toBeNull();
      expect((await availability.listSeason('2026-04-01')).map((r) => r.memberId)).toEqual(['m-2']);
    });
  });

  it('removes the records of seasons before a date a page at a time, and keeps that season and later', async () => {
    await withStore(open, async ({ availability }) => {
      for (const id of ['m-1', 'm-2', 'm-3']) await availability.put(record(id, { seasonStart: '2025-04-01', unavailable: [] }));
      await availability.put(record('m-1', { seasonStart: '2024-04-01', unavailable: [] }));
      await availability.put(record('m-1'));
      await availability.put(record('m-4', { seasonStart: '2027-04-01', unavailable: [] }));
      expect(await availability.removeSeasonsBefore('2026-04-01', 3)).toBe(3);
      expect(await availability.removeSeasonsBefore('2026-04-01', 3)).toBe(1);
      expect(await availability.removeSeasonsBefore('2026-04-01', 3)).toBe(0);
      expect(await availability.listSeason('2025-04-01')).toEqual([]);
      expect(await availability.listSeason('2024-04-01')).toEqual([]);
      expect(await availability.get('m-1', '2026-04-01')).toEqual(record('m-1'));
      expect((await availability.listSeason('2027-04-01')).map((r) => r.memberId)).toEqual(['m-4']);
    });
  });

  it("is found among the member's personal data (subject access), and another member's is not", async () => {
    await withStore(open, async (store) => {
      const { availability, members } = store;
      // The memory storage reads its repositories' maps as records (ADR 46).
      const personalData: PersonalDataStore = 'personalData' in store ? (store.personalData as PersonalDataStore) : new MemoryPersonalDataStore(store);
      await members.create(aMember({ id: 'm-ann', email: 'ann@example.org' }));
      await members.create(aMember({ id: 'm-bob', email: 'bob@example.org', name: 'Bob Stern' }));
      await availability.put(record('m-ann'));
      await availability.put(record('m-bob', { unavailable: ['2026-09-09'] }));
      const found = personRecords(await personalData.scan(), 'ann@example.org').filter((r) => r.fields.seasonStart !== undefined);
      expect(found).toHaveLength(1);
      expect(JSON.stringify(found[0]!.fields)).toContain('2026-07-04');
      expect(JSON.stringify(found[0]!.fields)).not.toContain('2026-09-09');
    });
  });
});
