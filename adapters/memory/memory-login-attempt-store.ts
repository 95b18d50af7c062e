import type { AttemptHistory, LoginAttemptStore, ReserveAttemptRequest } from '../../core/admins/login-attempt-store.port';

interface Attempt {
  id: number;
  at: number;
}

export class MemoryLoginAttemptStore implements LoginAttemptStore {
  private readonly attempts = new Map<string, Attempt[]>();
  private nextId = 1;

  private add(keys: string[], at: Date): number[] {
    const ids: number[] = [];
    // One attempt counts once per key, even if a caller names a key twice.
    for (const key of new Set(keys)) {
      const id = this.nextId++;
      const list = this.attempts.get(key) ?? [];
      list.push({ id, at: at.getTime() });
      this.attempts.set(key, list);
      ids.push(id);
    }
    return ids;
  }

  private history(key: string, since: Date): AttemptHistory {
    const from = since.getTime();
    const times = (this.attempts.get(key) ?? []).filter((a) => a.at >= from).map((a) => a.at);
    return { count: times.length, lastAt: times.length > 0 ? new Date(Math.max(...times)) : null };
  }

  // No await between the read and the write: one call's check and record are one step.
  async reserve(request: ReserveAttemptRequest): Promise<string | null> {
    const keys = [...new Set(request.keys)];
    const history = Object.fromEntries(keys.map((key) => [key, this.history(key, request.since)]));
    if (!request.allow(history)) return null;
    return this.add(keys, request.at).join(',');
  }

  async release(reservation: string): Promise<void> {
    const ids = new Set(reservation.split(',').map(Number));
    for (const [key, list] of this.attempts)
      this.attempts.set(
        key,
        list.filter((a) => !ids.has(a.id)),
      );
  }

  async recordFailure(keys: string[], at: Date): Promise<void> {
    this.add(keys, at);
  }

  async countSince(key: string, since: Date): Promise<number> {
    return this.history(key, since).count;
  }

  async clear(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  async forgetKeysStartingWith(prefix: string): Promise<number> {
    if (prefix === '') throw new TypeError('A prefix is needed');
    let forgotten = 0;
    for (const [key, list] of this.attempts) {
      if (!key.startsWith(prefix)) continue;
      forgotten += list.length;
      this.attempts.delete(key);
    }
    return forgotten;
  }
}
