import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The dependency rule of the hexagon: core/ knows no framework, no technology and no outer layer. */
const FORBIDDEN_PACKAGES = [
  'express',
  'react',
  'react-dom',
  'react-router-dom',
  'knex',
  'better-sqlite3',
  'firebase-admin',
  'algoliasearch',
  'square',
  'inversify',
];
const FORBIDDEN_FOLDERS = ['adapters', 'server', 'web'];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CORE = join(ROOT, 'core');

/** Every module specifier in import/export-from statements, dynamic import() and require(). */
function importSpecifiers(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  const found: string[] = [];
  for (const pattern of patterns) for (const m of withoutComments.matchAll(pattern)) found.push(m[1]);
  return found;
}

/** Why a specifier, imported from `fromFile`, breaks the rule; null when it is fine. */
function violation(specifier: string, fromFile: string): string | null {
  const bare = specifier.replace(/^node:/, '');
  const pkg = bare.startsWith('@') ? bare.split('/').slice(0, 2).join('/') : bare.split('/')[0];
  if (FORBIDDEN_PACKAGES.includes(pkg) || pkg.startsWith('@square/') || pkg.startsWith('@algolia/') || pkg.startsWith('@firebase/')) {
    return `imports the framework or technology package "${specifier}"`;
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = relative(ROOT, resolve(dirname(fromFile), specifier));
    const top = target.split(/[\\/]/)[0];
    if (FORBIDDEN_FOLDERS.includes(top)) return `imports "${specifier}" from the outer layer ${top}/`;
    if (target.startsWith('..')) return `imports "${specifier}" from outside the project`;
  } else if (FORBIDDEN_FOLDERS.includes(pkg)) {
    return `imports "${specifier}" from the outer layer ${pkg}/`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs|cjs|mts|cts)$/.test(name) ? [path] : [];
  });
}

function violationsIn(source: string, file: string): string[] {
  return importSpecifiers(source)
    .map((s) => violation(s, file))
    .filter((v): v is string => v !== null);
}

describe('the dependency rule of core/', () => {
  it('no file in core/ imports a framework, a technology library or adapters/, server/ or web/', () => {
    const files = sourceFiles(CORE);
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((file) => violationsIn(readFileSync(file, 'utf8'), file).map((v) => `${relative(ROOT, file)} ${v}`));
    expect(problems).toEqual([]);
  });

  it('the scanner flags each kind of forbidden import in a sample', () => {
    const file = join(CORE, 'domain', 'sample.ts');
    const sample = [
      "import express from 'express';",
      "import { useState } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import type { Link } from 'react-router-dom';",
      "import knex from 'knex';",
      "const Database = require('better-sqlite3');",
      "import * as admin from 'firebase-admin';",
      "import { algoliasearch } from 'algoliasearch';",
      "import { SquareClient } from 'square';",
      "import { injectable } from 'inversify';",
      "import { SqliteEventRepository } from '../../adapters/sqlite/sqlite-event-repository';",
      "export { buildApp } from '../../server/app';",
      "const page = await import('../../web/src/main');",
      "import 'server/config';",
    ].join('\n');
    expect(violationsIn(sample, file)).toHaveLength(14);
  });

  it('the scanner lets pure libraries, core files and look-alike names through', () => {
    const file = join(CORE, 'domain', 'sample.ts');
    const sample = [
      "import { z } from 'zod';",
      "import { formatInTimeZone } from 'date-fns-tz';",
      "import { createEvent } from 'ics';",
      "import type { ClubEvent } from '../entities/event';",
      "import { priceBooking } from './pricing';",
      "import { readFileSync } from 'node:fs';",
      "import { expressive } from 'expressive-lib';",
      "// import express from 'express'; (a comment is not an import)",
      "const text = 'the server/ folder';",
    ].join('\n');
    expect(violationsIn(sample, file)).toEqual([]);
  });
});
