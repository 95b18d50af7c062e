import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { FIRST_PAINT_MARKER, FIRST_READS_ELEMENT_ID, pageFirstReads, pageOf } from '../../core/paths';
import type { FirstReadAnswer } from './first-reads';

/**
 * The page the server answers for a members' address: the built index.html, with the page's
 * own code, style sheets and first API read named in its head, so a phone asks for them beside
 * the entry script instead of once that script has arrived and run. The build lists each page's
 * files in page-preloads.json (scripts/page-preloads.ts); its first reads are core/paths.ts's
 * pageFirstReads, the same addresses the app's data layer then asks for (and gets from the
 * preload rather than a second request).
 */

const PagePreloadsSchema = z.object({
  pages: z.record(
    z.string(),
    z.object({
      scripts: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
      styles: z.array(z.string().regex(/^\/assets\/[\w.-]+\.css$/)),
    }),
  ),
});
type PageFiles = z.infer<typeof PagePreloadsSchema>['pages'];

/** Text for an HTML attribute value in double quotes. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <link> tags for one page: its first API reads, its style sheets and its modules. */
export function preloadTags(files: PageFiles[string] | undefined, reads: readonly string[]): string {
  const tags = [
    // First, so the answer is on its way before the modules queue up. crossorigin="anonymous"
    // so that the app's same-origin fetch() of the address finds it.
    ...reads.map((href) => `<link rel="preload" href="${attribute(href)}" as="fetch" crossorigin="anonymous">`),
    ...(files?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
    ...(files?.scripts ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
  ];
  return tags.join('\n    ');
}

interface Built {
  /** index.html's modification time when read: a new build is read again. */
  mtimeMs: number;
  html: string;
  pages: PageFiles;
  /** index.html's own `<link rel="preload">` tags (the club's settings), with the spaces before each, by their href as written. */
  preloads: ReadonlyMap<string, string>;
}

/** A page's first screen as the web app draws it (web/src/first-paint.tsx), or null for none. */
export type FirstPaint = (pathname: string, query: URLSearchParams, answers: ReadonlyMap<string, unknown>) => Promise<string | null>;

/** The web app's own drawing of a page's first screen, loaded (with React's server renderer) when first needed. */
export const webFirstPaint: FirstPaint = async (pathname, query, answers) => (await import('../../web/src/first-paint')).renderFirstPaint(pathname, query, answers);

/**
 * JSON inside `<script type="application/json">`: no `<` in it, so no text can close the element
 * (the browser's JSON.parse reads `\u003c` back as `<`).
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The `<link rel="preload">` tags of `html` by their href as written, each with the spaces before it. */
function preloadLinks(html: string): Map<string, string> {
  return new Map([...html.matchAll(/\s*<link rel="preload" href="([^"]*)"[^>]*>/g)].map((match) => [match[1], match[0]]));
}

/** `html` with `text` put before its `closing` tag; a page without one (never the build's) gets it at its end. */
function insertBefore(html: string, closing: string, text: string): string {
  const at = html.lastIndexOf(closing);
  return at === -1 ? `${html}\n${text.trim()}` : `${html.slice(0, at)}${text}${html.slice(at)}`;
}

/**
 * Answers `index.html` for a page, with that page's preloads. Reads the build once (again when
 * index.html changes); without a page-preloads.json (an older build) it names only the first reads.
 * A first read the server can answer itself (`answer`, first-reads.ts) comes inside the page
 * instead of as a preload, and with it the page's first screen drawn where the build marks it
 * (`draw`, ADR 23): a phone shows the event before the app's script has arrived.
 */
export function pageHtml(
  webRoot: string,
  { answer, draw, logger }: { answer?: FirstReadAnswer; draw?: FirstPaint; logger?: Pick<Logger, 'warn'> } = {},
): (pathname: string, query: URLSearchParams) => Promise<string> {
  const indexPath = join(webRoot, 'index.html');
  let built: Built | undefined;
  const load = (): Built => {
    const { mtimeMs } = statSync(indexPath);
    if (built?.mtimeMs === mtimeMs) return built;
    let pages: PageFiles = {};
    try {
      pages = PagePreloadsSchema.parse(JSON.parse(readFileSync(join(webRoot, 'page-preloads.json'), 'utf8'))).pages;
    } catch {
      // No list (or an unreadable one): the page still works, its code is fetched once the entry asks for it.
    }
    const html = readFileSync(indexPath, 'utf8');
    built = { mtimeMs, html, pages, preloads: preloadLinks(html) };
    return built;
  };
  // The last first screen drawn for each page, with what it was drawn from: a drawing depends on
  // nothing else, and the calendar is the same for every visitor until its answer changes.
  const drawnScreens = new Map<string, { from: string; screen: string | null }>();
  return async (pathname, query) => {
    const { html, pages, preloads } = load();
    const page = pageOf(pathname);
    const reads = pageFirstReads(pathname, query);
    const answers = new Map<string, unknown>();
    if (answer) {
      for (const path of reads) {
        const value = await answer(path);
        if (value !== undefined) answers.set(path, value);
      }
    }
    const answersJson = scriptJson(Object.fromEntries(answers));
    let firstScreen: string | null = null;
    if (answers.size > 0 && draw && html.includes(FIRST_PAINT_MARKER)) {
      const from = `${query.toString()}\n${answersJson}`;
      const drawn = drawnScreens.get(page);
      if (drawn?.from === from) {
        firstScreen = drawn.screen;
      } else {
        try {
          firstScreen = await draw(pathname, query, answers);
          drawnScreens.set(page, { from, screen: firstScreen });
        } catch (error) {
          // Only a head start: the app draws the page all the same.
          logger?.warn({ err: error, pathname }, 'A page was answered without its first screen');
        }
      }
    }
    // A page the server drew needs its own code only for what comes after its first screen (the
    // booking form): the app's entry asks for it, so it does not share the line with the style
    // sheets and the entry that the first screen and the header wait for (ADR 23).
    const files = pages[page];
    // A read answered in the page is not asked for as well, even where index.html preloads it
    // (the club's settings, on Home); one index.html preloads already is not named twice.
    let own = html;
    for (const path of answers.keys()) {
      const link = preloads.get(attribute(path));
      if (link !== undefined) own = own.replace(link, '');
    }
    const tags = preloadTags(
      firstScreen === null || !files ? files : { ...files, scripts: [] },
      reads.filter((path) => !answers.has(path) && !preloads.has(attribute(path))),
    );
    // Links work at the end of a page without a head, too.
    const text = tags === '' ? own : insertBefore(own, '</head>', `  ${tags}\n  `);
    if (answers.size === 0) return text;
    const drawn = firstScreen === null ? text : text.replace(FIRST_PAINT_MARKER, () => firstScreen);
    return insertBefore(drawn, '</body>', `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${answersJson}</script>\n  `);
  };
}
