import type { MemberAvailability } from '../../core/duties/availability';
import type { AvailabilityRepository } from '../../core/duties/availability-repository.port';
import { byAvailabilityMember, validAvailability } from '../availability-records';

/** Members' availability in memory, keyed by member and season. */
export class MemoryAvailabilityRepository implements AvailabilityRepository {
  private readonly records = new Map<string, MemberAvailability>();

  async get(memberId: string, seasonStart: string): Promise<MemberAvailability | null> {
    const record = this.records.get(key(memberId, seasonStart));
    return record ? structuredClone(record) : null;
  }

  async listSeason(seasonStart: string): Promise<MemberAvailability[]> {
    return [...this.records.values()]
      .filter((record) => record.seasonStart === seasonStart)
      .sort(byAvailabilityMember)
      .map((record) => structuredClone(record));
  }

  async put(record: MemberAvailability): Promise<void> {
    const valid = validAvailability(record);
    this.records.set(key(valid.memberId, valid.seasonStart), structuredClone(valid));
  }

  async removeMember(memberId: string): Promise<number> {
    let removed = 0;
    for (const [k, record] of this.records) {
      if (record.memberId !== memberId) continue;
      this.records.delete(k);
      removed += 1;
    }
    return removed;
  }

  async removeSeasonsBefore(seasonStart: string, limit: number): Promise<number> {
    const past = [...this.records].filter(([, record]) => record.seasonStart < seasonStart).slice(0, limit);
    for (const [k] of past) this.records.delete(k);
    return past.length;
  }
}

const key = (memberId: string, seasonStart: string) => JSON.stringify([memberId, seasonStart]);
