import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initialChunks, reportBundle } from '../../../scripts/bundle-report';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fake build: files of the given (incompressible) sizes and a manifest linking them. */
function fakeBuild(files: Record<string, number>, manifest: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-bundle-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  for (const [name, size] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), randomBytes(size).toString('base64').slice(0, size));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const MANIFEST = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/admin/admin-app.tsx'] },
  '_shared.js': { file: 'assets/shared.js', name: 'shared' },
  'src/admin/admin-app.tsx': { file: 'assets/admin-app.js', src: 'src/admin/admin-app.tsx', isDynamicEntry: true, imports: ['_shared.js'] },
};

describe('bundle report', () => {
  it('counts the entry and its static imports, not lazily loaded chunks', () => {
    expect(
      initialChunks(MANIFEST)
        .map((chunk) => chunk.file)
        .sort(),
    ).toEqual(['assets/index.js', 'assets/shared.js']);
  });

  it('passes a build under budget and fails one over it', () => {
    const dir = fakeBuild({ 'index.js': 20_000, 'shared.js': 20_000, 'admin-app.js': 200_000 }, MANIFEST);
    const lines: string[] = [];
    expect(reportBundle(dir, 60_000, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toMatch(/admin-app\.js/);
    expect(reportBundle(dir, 30_000, () => undefined)).toBe(1);
  });

  it('fails when admin code is in the first download', () => {
    const leaky = { ...MANIFEST, 'index.html': { ...MANIFEST['index.html'], imports: ['_shared.js', 'src/admin/admin-app.tsx'] } };
    const dir = fakeBuild({ 'index.js': 1000, 'shared.js': 1000, 'admin-app.js': 1000 }, leaky);
    const lines: string[] = [];
    expect(reportBundle(dir, 150_000, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('Admin code is in the members');
  });

  it("prints each page's first load: the initial JS and the page's own files", () => {
    const withPage = {
      ...MANIFEST,
      'src/features/bookings/components/event-booking-page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_shared.js'] },
    };
    const dir = fakeBuild({ 'index.js': 1000, 'shared.js': 1000, 'admin-app.js': 1000, 'page.js': 3000 }, withPage);
    const lines: string[] = [];
    reportBundle(dir, 150_000, (line) => lines.push(line));
    expect(lines.join('\n')).not.toMatch(/admin-app +[\d.]+ kB gzipped/);
    const line = lines.find((text) => text.includes('event-booking-page'));
    expect(line).toMatch(/gzipped in 3 files$/);
    const initial = Number(/Members' initial JS \(.*\): ([\d.]+) kB/.exec(lines.join('\n'))![1]);
    expect(Number(/([\d.]+) kB gzipped in 3 files/.exec(line!)![1])).toBeGreaterThan(initial + 2);
  });
});
