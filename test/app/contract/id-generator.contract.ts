import { describe, expect, it } from 'vitest';
import type { IdGenerator } from '../../../core/shared/id-generator.port';

export function describeIdGeneratorContract(name: string, makeIds: () => IdGenerator): void {
  describe(`${name} (IdGenerator contract)`, () => {
    it('returns URL-safe ids of 8 to 64 characters, never the same twice', () => {
      const ids = makeIds();
      const seen = new Set<string>();
      for (let i = 0; i < 10_000; i++) {
        const id = ids.next();
        expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        seen.add(id);
      }
      expect(seen.size).toBe(10_000);
    });
  });
}
