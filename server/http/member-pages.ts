import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger } from 'pino';
import { z } from 'zod';
import { DomainError } from '../../core/shared/errors';

type EntryServer = typeof import('../../web/src/entry-server');

/**
 * The members' pages as the server answers them (ADR 29): the built index.html with the page
 * drawn inside it by the web app's own routes and components (web/src/entry-server.tsx), the
 * state the app hydrates it with, and the page's own style sheets named from the build's manifest. The reads the page starts with are answered in process by the API's own
 * routes (`readInPage`, ApiRoutes.readInPage), so the page carries its data and the app asks no more.
 */

/** Where index.html has the page's preloads, its drawing and its state put (web/index.html). */
export const PAGE_MARKERS = { head: '<!--app-head-->', html: '<!--app-html-->', state: '<!--app-state-->' } as const;

/** The parts of Vite's build manifest (dist/web/.vite/manifest.json) read here. */
const ManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional(), isEntry: z.boolean().optional() }),
);
type Manifest = z.infer<typeof ManifestSchema>;
export const MANIFEST_PATH = '.vite/manifest.json';

/** Text for an HTML attribute value in double quotes. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The manifest keys of every chunk the entries bring (index.html names those). */
function entryChunks(manifest: Manifest): Set<string> {
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  return entry;
}

/**
 * The chunks of a page's route modules and of the chunks they import statically, leaving out what
 * the entry already brings, each after the chunks it imports (so running them in this order runs
 * each chunk's own code alone). A module the manifest does not know adds nothing.
 */
function pageChunks(manifest: Manifest, modules: readonly string[]): string[] {
  const entry = entryChunks(manifest);
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key] || entry.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
    order.push(key);
  };
  for (const module of modules) visit(module);
  return order;
}

/**
 * The style sheets of a page's route modules, as `<link>` tags: those of each module's chunk and
 * of the chunks it imports statically, leaving out what the entry already brings (index.html
 * names those). Their scripts are not named: the page is drawn already, and a phone that fetched
 * them beside the style sheets would paint it later (ADR 29); the app's entry asks for them all
 * at once when it starts (`pageScripts`, in the page's state). A module the manifest does not know adds nothing.
 */
export function pageStyleSheets(manifest: Manifest, modules: readonly string[]): string {
  const styles = [...new Set(pageChunks(manifest, modules).flatMap((key) => manifest[key].css ?? []))];
  return styles.map((file) => `<link rel="stylesheet" crossorigin href="/${attribute(file)}">`).join('');
}

/**
 * The addresses of a page's script chunks beyond the entry's, each after those it imports: the app
 * asks for them all at once and then runs them one by one, each in a task of its own, so that a
 * slow phone never spends one long task running the page's code (web/src/main.tsx).
 */
export function pageScripts(manifest: Manifest, modules: readonly string[]): string[] {
  return pageChunks(manifest, modules).map((key) => `/${manifest[key].file}`);
}

/**
 * A members' page as sent: its bytes, their gzip copy (made once when the page is drawn: a page
 * carries its data, and a phone on a slow line waits for every byte) and the entity tag of the
 * bytes (none for a page answered undrawn).
 */
export interface MemberPage {
  body: Buffer;
  gzip?: Buffer;
  etag: string | null;
}

/** The answers a page was drawn from, newest last, and the page drawn from them, up to a total size. */
class DrawnPages {
  private readonly pages = new Map<string, MemberPage>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): MemberPage | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: MemberPage): void {
    this.delete(key);
    this.pages.set(key, page);
    this.size += key.length + page.body.length + (page.gzip?.length ?? 0);
    for (const [oldest] of this.pages) {
      if (this.size <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.pages.clear();
    this.size = 0;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (page === undefined) return;
    this.pages.delete(key);
    this.size -= key.length + page.body.length + (page.gzip?.length ?? 0);
  }
}

/** At most this much drawn page text is kept (about 2 MB): the calendar and the booking pages of the events members open. */
const DRAWN_PAGES_MAX_BYTES = 2_000_000;
/** The last answers read in process, parsed once while their text is the same (the calendar's, for every visitor). */
const PARSED_ANSWERS_MAX = 500;
/** The addresses whose reads are kept. */
const READ_PLANS_MAX = 2000;
/** How often index.html is looked at for a new build. */
const BUILD_CHECK_MS = 1000;

interface Built {
  mtimeMs: number;
  /** index.html cut at its markers: before the head's end, before the page, before the state, the rest. */
  parts: [string, string, string, string];
  manifest: Manifest;
}

/**
 * Answers a members' page: `answer(url)` gives the page's HTML, or where to go instead, and
 * `undrawn()` the page the browser draws alone (the admin panel). Reads the
 * build once (again when index.html changes). A page is drawn once for the same address and the
 * same answers (the calendar is the same for every visitor until it changes); a page that fails
 * to draw is answered undrawn (logged), and the app draws it in the browser.
 */
export function memberPages(
  webRoot: string,
  readInPage: (path: string) => Promise<string | undefined>,
  logger: Pick<Logger, 'warn'>,
): { answer: (url: URL) => Promise<MemberPage | { redirect: string; status: number }>; undrawn: () => string } {
  const indexPath = join(webRoot, 'index.html');
  let built: Built | undefined;
  const drawn = new DrawnPages(DRAWN_PAGES_MAX_BYTES);
  let checkedAt = 0;
  const load = (): Built => {
    const now = Date.now();
    if (built && now - checkedAt < BUILD_CHECK_MS) return built;
    checkedAt = now;
    const { mtimeMs } = statSync(indexPath);
    if (built?.mtimeMs === mtimeMs) return built;
    const html = readFileSync(indexPath, 'utf8');
    const [beforeHead, afterHead = ''] = html.split(PAGE_MARKERS.head, 2);
    const [beforeHtml, afterHtml = ''] = afterHead.split(PAGE_MARKERS.html, 2);
    const [beforeState, rest = ''] = afterHtml.split(PAGE_MARKERS.state, 2);
    let manifest: Manifest = {};
    try {
      manifest = ManifestSchema.parse(JSON.parse(readFileSync(join(webRoot, MANIFEST_PATH), 'utf8')));
    } catch {
      // No manifest (or an unreadable one): the page still works, its code is fetched once the entry asks for it.
    }
    built = { mtimeMs, parts: [beforeHead, beforeHtml, beforeState, rest], manifest };
    // Pages drawn into the previous build's index.html name its files: drawn again.
    drawn.clear();
    return built;
  };
  const parsed = new Map<string, { text: string; json: unknown }>();
  const parse = (path: string, text: string): unknown => {
    const last = parsed.get(path);
    if (last?.text === text) return last.json;
    const json: unknown = JSON.parse(text);
    parsed.delete(path);
    parsed.set(path, { text, json });
    if (parsed.size > PARSED_ANSWERS_MAX) parsed.delete(parsed.keys().next().value!);
    return json;
  };
  // The web app's routes for drawing, loaded (with React's server renderer) when first needed.
  let loading: Promise<{ pages: ReturnType<EntryServer['membersPages']>; drawnPageScript: EntryServer['drawnPageScript'] }> | undefined;
  const entry = () =>
    (loading ??= import('../../web/src/entry-server').then((module) => ({ pages: module.membersPages(), drawnPageScript: module.drawnPageScript })));
  /** A read's answer as JSON text, or undefined where the page is left to the browser (a missing event, a bad link, a failure: logged). */
  const readText = async (path: string): Promise<string | undefined> => {
    try {
      return await readInPage(path);
    } catch (error) {
      // A missing event or a bad link is the page's to say, once the app asks.
      if (!(error instanceof DomainError)) logger.warn({ err: error, path }, 'A page was drawn without one of its reads');
      return undefined;
    }
  };
  /** What a page was drawn from: its address and its reads' answers. */
  const keyOf = (url: URL, answers: readonly (readonly [string, string | undefined])[]) =>
    `${url.href}\n${answers
      .map(([path, text]) => `${path}\n${text ?? ''}`)
      .sort()
      .join('\n')}`;
  // The reads each address starts with (a page's reads depend on its address alone): known, the
  // answers are read and the page drawn from them found without running the page's loaders.
  const readsOf = new Map<string, string[]>();

  const answer = async (url: URL): Promise<MemberPage | { redirect: string; status: number }> => {
    const { parts, manifest } = load();
    const knownReads = readsOf.get(url.href);
    if (knownReads) {
      const texts = await Promise.all(knownReads.map(readText));
      const known = drawn.get(
        keyOf(
          url,
          knownReads.map((path, i) => [path, texts[i]] as const),
        ),
      );
      if (known !== undefined) return known;
    }
    const answers: [string, string | undefined][] = [];
    const readJson = async (path: string): Promise<unknown> => {
      const text = await readText(path);
      answers.push([path, text]);
      return text === undefined ? undefined : parse(path, text);
    };
    try {
      const { pages, drawnPageScript } = await entry();
      const page = await pages.load(url, readJson);
      if (page.kind === 'redirect') return { redirect: page.location, status: page.status };
      readsOf.delete(url.href);
      readsOf.set(
        url.href,
        answers.map(([path]) => path),
      );
      if (readsOf.size > READ_PLANS_MAX) readsOf.delete(readsOf.keys().next().value!);
      const key = keyOf(url, answers);
      const known = drawn.get(key);
      if (known !== undefined) return known;
      const { html, state } = await page.draw();
      const body = Buffer.from(
        parts[0] +
          pageStyleSheets(manifest, page.modules) +
          parts[1] +
          html +
          parts[2] +
          drawnPageScript({ ...state, scripts: pageScripts(manifest, page.modules) }) +
          parts[3],
      );
      const drawnPage = { body, gzip: gzipSync(body), etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      drawn.set(key, drawnPage);
      return drawnPage;
    } catch (error) {
      logger.warn({ err: error, path: url.pathname }, 'A page was answered undrawn');
      return { body: Buffer.from(parts.join('')), etag: null };
    }
  };
  return { answer, undrawn: () => load().parts.join('') };
}
