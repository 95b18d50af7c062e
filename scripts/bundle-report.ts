/**
 * Prints the size of every JavaScript file of the members' area build, and what a member
 * downloads first (the entry and its static imports, from the Vite manifest), gzipped.
 * Exits non-zero when that first download is over budget or pulls in admin code.
 * Run by `npm run build` after `vite build`.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 150_000;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** A chunk and every chunk it imports statically. */
function closureOf(manifest: Manifest, start: string): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(start);
  return [...seen].map((key) => manifest[key]);
}

/** The entry chunk and every chunk it imports statically (what the browser must fetch first). */
export function initialChunks(manifest: Manifest): ManifestChunk[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entryKey === undefined) throw new Error('The Vite manifest has no entry chunk');
  return closureOf(manifest, entryKey);
}

/** Prints the report for a build folder; returns the exit code (1 when over budget or admin code leaks in). */
export function reportBundle(outDir: string, budgetBytes = INITIAL_JS_BUDGET_BYTES, log: (line: string) => void = console.log): number {
  const assetsDir = join(outDir, 'assets');
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(assetsDir) || !existsSync(manifestPath)) {
    log(`No build found in ${outDir} (run vite build with build.manifest first).`);
    return 1;
  }

  const files = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .sort();
  const rows = files.map((file) => {
    const path = join(assetsDir, file);
    return { file, raw: readFileSync(path).length, gzip: gzipSize(path) };
  });
  const width = Math.max(...rows.map((row) => row.file.length), 10);
  log('\nJavaScript files in dist/web/assets');
  log(`${'file'.padEnd(width)}  ${'raw'.padStart(11)}  ${'gzip'.padStart(11)}`);
  for (const row of rows) log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(11)}  ${kb(row.gzip).padStart(11)}`);

  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const initial = initialChunks(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const initialGzip = initial.reduce((sum, chunk) => sum + gzipSize(join(outDir, chunk.file)), 0);
  log(`\nMembers' initial JS (${initial.map((chunk) => chunk.file).join(', ')}): ${kb(initialGzip)} gzipped; budget ${kb(budgetBytes)}`);

  // What each members' page runs on a first visit: the initial JS and its route module's own
  // chunks (the module and its static imports), which the server names in the page's HTML
  // (server/http/member-pages.ts).
  const pages = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry && /-page\.tsx$/.test(key) && !key.includes('/admin/'));
  if (pages.length > 0) {
    const initialFiles = new Set(initial.map((chunk) => chunk.file));
    log("\nEach members' page's first load (the initial JS and the page's own files, all named in its HTML):");
    for (const [key] of pages) {
      const own = closureOf(manifest, key).filter((chunk) => chunk.file.endsWith('.js') && !initialFiles.has(chunk.file));
      const bytes = own.reduce((sum, chunk) => sum + gzipSize(join(outDir, chunk.file)), 0);
      const name = key.replace(/^.*\//, '').replace(/\.tsx$/, '');
      log(`  ${name.padEnd(26)} ${kb(initialGzip + bytes).padStart(10)} gzipped in ${initial.length + own.length} files`);
    }
  }

  let failed = false;
  if (initialGzip > budgetBytes) {
    log(`Over budget by ${kb(initialGzip - budgetBytes)}.`);
    failed = true;
  }
  const adminInInitial = initial.filter((chunk) => `${chunk.src ?? ''} ${chunk.name ?? ''}`.includes('admin'));
  if (adminInInitial.length > 0) {
    log(`Admin code is in the members' first download: ${adminInInitial.map((c) => c.file).join(', ')}`);
    failed = true;
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  process.exitCode = reportBundle(resolve(process.argv[2] ?? 'dist/web'));
}
