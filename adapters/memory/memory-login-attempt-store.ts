import type { LoginAttemptStore } from '../../core/ports/login-attempt-store';

export class MemoryLoginAttemptStore implements LoginAttemptStore {
  private readonly failures = new Map<string, number[]>();

  async recordFailure(keys: string[], at: Date): Promise<void> {
    // One failed attempt counts once per key, even if a caller names a key twice.
    for (const key of new Set(keys)) {
      const times = this.failures.get(key) ?? [];
      times.push(at.getTime());
      this.failures.set(key, times);
    }
  }

  async countSince(key: string, since: Date): Promise<number> {
    const from = since.getTime();
    return (this.failures.get(key) ?? []).filter((time) => time >= from).length;
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }
}
