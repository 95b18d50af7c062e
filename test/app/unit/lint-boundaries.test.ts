import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer boundaries in eslint.config.js are live: each kind of forbidden import, written in the
 * layer it is forbidden in, is reported, and the allowed ones are not.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
  it.each([
    ['core/domain/example.ts', "import express from 'express';\nexport const x = express;\n", /no framework or technology library/],
    ['core/use-cases/example.ts', "import { Firestore } from 'firebase-admin/firestore';\nexport const x = Firestore;\n", /no framework or technology library/],
    ['core/domain/example.ts', "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n", /imports no outer layer/],
    [
      'core/domain/example.ts',
      "import { SqliteEventRepository } from '../../adapters/sqlite/sqlite-event-repository';\nexport const x = SqliteEventRepository;\n",
      /imports no outer layer/,
    ],
    ['adapters/sqlite/example.ts', "import { loadConfig } from '../../server/config';\nexport const x = loadConfig;\n", /never import the server/],
    ['web/src/lib/example.ts', "import { loadConfig } from '../../../server/config';\nexport const x = loadConfig;\n", /over HTTP only/],
    [
      'web/src/features/bookings/example.ts',
      "import { SqliteEventRepository } from '../../../../adapters/sqlite/sqlite-event-repository';\nexport const x = SqliteEventRepository;\n",
      /over HTTP only/,
    ],
    [
      'web/src/features/bookings/example.ts',
      "import { CalendarPage } from '../events/components/calendar-page';\nexport const x = CalendarPage;\n",
      /Features do not import each other/,
    ],
    // A feature's admin screens are part of it: they reach another feature only through its exports/ folders.
    [
      'web/src/features/events/admin/components/example.tsx',
      "import { DutiesPage } from '../../../duties/admin/components/duties-page';\nexport const x = DutiesPage;\n",
      /Features do not import each other/,
    ],
    // A module of another feature outside its exports/ folder is refused, even one others once used.
    [
      'web/src/features/bookings/components/example.tsx',
      "import { CalendarLinks } from '../../events/components/calendar-links';\nexport const x = CalendarLinks;\n",
      /Features do not import each other/,
    ],
    [
      'web/src/features/my-club/api/example.ts',
      "import { myDutiesQuery } from '../../duties/api/my-duties';\nexport const x = myDutiesQuery;\n",
      /Features do not import each other/,
    ],
  ])('%s: %s is reported', async (filePath, code, message) => {
    const messages = await boundaryMessages(filePath, code);
    expect(messages.length).toBe(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ['core/domain/example.ts', "import { z } from 'zod';\nimport { formatInTimeZone } from 'date-fns-tz';\nexport const x = [z, formatInTimeZone];\n"],
    [
      'adapters/sqlite/example.ts',
      "import knex from 'knex';\nimport { placesTaken } from '../../core/bookings/booking-state';\nexport const x = [knex, placesTaken];\n",
    ],
    // What a feature offers others is in its exports/ folder (admin/exports/ for its admin screens').
    [
      'web/src/features/bookings/components/example.tsx',
      "import { CalendarLinks } from '../../events/exports/calendar-links';\nexport const x = CalendarLinks;\n",
    ],
    [
      'web/src/features/events/admin/components/example.tsx',
      "import { StaffingLight } from '../../../duties/admin/exports/staffing-light';\nimport { PageTitle } from '../../../../admin/shared/components/page-title';\nexport const x = [StaffingLight, PageTitle];\n",
    ],
    [
      'web/src/features/bookings/example.ts',
      "import { placesLeft } from '../../../../core/domain/booking-state';\nimport { Field } from '../../components/ui/field';\nimport { x as y } from './sibling';\nexport const x = [placesLeft, Field, y];\n",
    ],
  ])('%s: allowed imports are not reported', async (filePath, code) => {
    expect(await boundaryMessages(filePath, code)).toEqual([]);
  });
});
