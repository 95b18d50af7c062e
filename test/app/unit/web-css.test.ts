import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Every style sheet of the web app is well-formed CSS. The build only warns about a broken one
 * (a missing "}" once left the work-day form's rules inside a phone-only media query), so this
 * reads each sheet with the minifier the build uses and fails on any warning it gives.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const WEB_SRC = join(ROOT, 'web/src');
const SHEETS = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.css'))
  .map((name) => join(WEB_SRC, name));

describe("the web app's style sheets", () => {
  it('are found', () => {
    expect(SHEETS.length).toBeGreaterThan(5);
  });

  it.each(SHEETS.map((file) => [relative(ROOT, file), file]))('%s has no syntax error', async (_name, file) => {
    const { warnings } = await transform(readFileSync(file, 'utf8'), { loader: 'css', minify: true, sourcefile: file });
    expect(warnings.map((warning) => `${warning.location?.line}:${warning.location?.column} ${warning.text}`)).toEqual([]);
  });

  it('a sheet with a block left open is caught', async () => {
    const { warnings } = await transform('@media (max-width: 30rem) {\n  .a { color: red; }\n.b { color: blue; }\n', { loader: 'css', minify: true });
    expect(warnings.map((warning) => warning.text)).toContain('Expected "}" to go with "{"');
  });
});
