import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import coreLayers, { CORE_LAYERS } from '../../../eslint-rules/core-layers.js';

/**
 * The core's one-way order (docs/architecture.md) is enforced by the lint rule
 * core-layers/one-way: it refuses an import of a folder that is not in a lower layer, on a fixture
 * tree and through the project's own ESLint config, and the real core passes it: no two core
 * folders import each other, and shared/ imports none.
 */
const ROOT = resolve(import.meta.dirname, '../../..');

/** ESLint with only the layer rule, on TypeScript files under `cwd`. */
function layerLinter(cwd: string, options: { layers?: string[][] }): ESLint {
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      // Only this rule runs, so the files' disable comments for other rules are not unused.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      plugins: { 'core-layers': coreLayers },
      rules: { 'core-layers/one-way': ['error', options] },
    },
  ];
  return new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });
}

/** "<folder>/<file> -> <folder imported>: <message>" for each report of the rule. */
async function reports(eslint: ESLint, patterns: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(patterns);
  return results.flatMap((result) =>
    result.messages.map((m) => {
      expect(m.ruleId, m.message).toBe('core-layers/one-way');
      return `${result.filePath.split(`${'/'}core/`).pop()}: ${m.message}`;
    }),
  );
}

describe('core-layers/one-way on a fixture tree', () => {
  const dir = mkdtempSync(join(tmpdir(), 'core-layers-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('core/base/thing.ts', 'export const thing = 1;\n');
  write('core/low/rule.ts', "import { thing } from '../base/thing';\nexport const rule = thing + 1;\n");
  write('core/high/flow.ts', "import { rule } from '../low/rule';\nimport { thing } from '@core/base/thing';\nexport const flow = rule + thing;\n");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const layers = [['base'], ['low', 'side'], ['high']];

  it('passes a tree whose imports all go down', async () => {
    expect(await reports(layerLinter(dir, { layers }), ['core/**/*.ts'])).toEqual([]);
  });

  it.each([
    ['a relative import', "import { flow } from '../high/flow';\nexport const back = flow;\n"],
    ['an @core/ import', "import { flow } from '@core/high/flow';\nexport const back = flow;\n"],
    ['a type-only import', "import type { flow } from '../high/flow';\nexport type Back = typeof flow;\n"],
    ['a re-export', "export { flow } from '../high/flow';\n"],
    ['a dynamic import()', "export const back = () => import('../high/flow');\n"],
  ])('fails on a back edge written as %s', async (_kind, code) => {
    write('core/low/back.ts', code);
    try {
      expect(await reports(layerLinter(dir, { layers }), ['core/**/*.ts'])).toEqual([
        expect.stringMatching(/^low\/back\.ts: core\/low\/ may not import core\/high\/: high is not in a layer below low/),
      ]);
    } finally {
      rmSync(join(dir, 'core/low/back.ts'));
    }
  });

  it('fails on an import between two folders of one layer, which could close a cycle', async () => {
    write('core/side/peer.ts', "import { rule } from '../low/rule';\nexport const peer = rule;\n");
    try {
      expect(await reports(layerLinter(dir, { layers }), ['core/**/*.ts'])).toEqual([
        expect.stringMatching(/^side\/peer\.ts: core\/side\/ may not import core\/low\//),
      ]);
    } finally {
      rmSync(join(dir, 'core/side/peer.ts'));
    }
  });

  it('fails on a folder that has no place in the order', async () => {
    write('core/stray/loose.ts', "import { thing } from '../base/thing';\nexport const loose = thing;\n");
    try {
      expect(await reports(layerLinter(dir, { layers }), ['core/**/*.ts'])).toEqual([expect.stringMatching(/^stray\/loose\.ts: core\/stray\/ is in no layer/)]);
    } finally {
      rmSync(join(dir, 'core/stray/loose.ts'));
    }
  });
});

describe("the project's lint runs core-layers/one-way on core/", () => {
  const eslint = new ESLint({ cwd: ROOT });
  const layerMessages = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
    return result.messages.filter((m) => m.ruleId === 'core-layers/one-way').map((m) => m.message);
  };

  it.each([
    [
      'core/shared/example.ts',
      "import { EventSchema } from '../events/event';\nexport const x = EventSchema;\n",
      /core\/shared\/ may not import core\/events\//,
    ],
    [
      'core/events/example.ts',
      "import type { Booking } from '../bookings/booking';\nexport type X = Booking;\n",
      /core\/events\/ may not import core\/bookings\//,
    ],
    [
      'core/mail/example.ts',
      "import { EventSchema } from '@core/events/event';\nexport const x = EventSchema;\n",
      /core\/mail\/ may not import core\/events\//,
    ],
  ])('%s: a new back edge fails the lint', async (filePath, code, message) => {
    expect(await layerMessages(filePath, code)).toEqual([expect.stringMatching(message)]);
  });

  it('core/bookings/example.ts: an import going down passes', async () => {
    expect(
      await layerMessages(
        'core/bookings/example.ts',
        "import { EventSchema } from '../events/event';\nimport { formatMoney } from '../shared/money';\nexport const x = [EventSchema, formatMoney];\n",
      ),
    ).toEqual([]);
  });
});

describe('the real core', () => {
  it('has every folder in exactly one layer', () => {
    const folders = readdirSync(join(ROOT, 'core')).filter((name) => statSync(join(ROOT, 'core', name)).isDirectory());
    const ranked = CORE_LAYERS.flat();
    expect(new Set(ranked).size).toBe(ranked.length);
    expect([...ranked].sort()).toEqual([...folders].sort());
  });

  it('goes one way: every import of another folder is of a lower layer', async () => {
    expect(await reports(layerLinter(ROOT, {}), ['core/**/*.ts'])).toEqual([]);
  });
});
