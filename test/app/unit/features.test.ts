import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportersOf } from '../../../server/adapters';
import { loadConfig } from '../../../server/config';
import { createContainer, FEATURES } from '../../../server/container';

const dataDir = mkdtempSync(join(tmpdir(), 'kyc-features-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the feature modules', () => {
  it('each use case belongs to one feature, and every one is built with its ports and settings', async () => {
    const ports = await createContainer(config);
    try {
      const owners = new Map<unknown, string[]>();
      for (const feature of FEATURES) {
        for (const { type } of feature.useCases({ get: ports.get, config, options: reportersOf({}), useCase: ports.useCase })) {
          owners.set(type, [...(owners.get(type) ?? []), feature.name]);
        }
      }
      const shared = [...owners].filter(([, names]) => names.length > 1).map(([type, names]) => `${(type as { name: string }).name}: ${names.join(', ')}`);
      expect(shared).toEqual([]);
      expect(owners.size).toBeGreaterThan(80);
      for (const type of owners.keys()) {
        const useCase = ports.useCase(type as new (deps: never) => object);
        expect(useCase).toBeInstanceOf(type as new (deps: never) => object);
        expect(ports.useCase(type as new (deps: never) => object)).toBe(useCase);
      }
    } finally {
      await ports.close();
    }
  });
});
