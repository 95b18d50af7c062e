/**
 * What each members' page needs beyond the app's entry: its code (the page's chunk and every
 * chunk that one imports statically) and its style sheets, written by the build to
 * dist/web/page-preloads.json. The server names them in the index.html it answers for that page
 * (server/http/page-preloads.ts), so a phone fetches the page's code beside the entry script
 * instead of after it has run (one round trip, and the entry's run time, sooner).
 *
 * Used by web/vite.config.ts as a Vite plugin; the plain function is tested on its own.
 */
import type { Plugin } from 'vite';
import { PATHS } from '../core/paths';

/** dist/web/page-preloads.json: per page address (lower case, as in core/paths.ts), the files to fetch early. */
export interface PagePreloads {
  pages: Record<string, { scripts: string[]; styles: string[] }>;
}
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The modules (relative to web/) that each page loads first: the page, and for Calendar and the
 * booking page the reader of their data, which app-routes.tsx loads beside it. A module missing
 * from the build (renamed or moved) fails the build, so this list cannot silently go stale.
 */
export const PAGE_MODULES: Record<string, readonly string[]> = {
  [PATHS.calendar]: ['src/features/calendar/components/calendar-page.tsx', 'src/features/calendar/api/get-calendar-events.ts'],
  [PATHS.eventBooking]: ['src/features/booking/components/event-booking-page.tsx', 'src/features/booking/api/get-booking-event.ts'],
  [PATHS.news]: ['src/features/news/components/news-page.tsx'],
  [PATHS.documents]: ['src/features/documents/components/documents-page.tsx'],
  [PATHS.information]: ['src/features/information/components/information-page.tsx'],
  [PATHS.beginners]: ['src/features/information/components/beginners-page.tsx'],
  [PATHS.workDayBooking]: ['src/features/work-days/components/work-day-page.tsx'],
  [PATHS.workDayWithdraw]: ['src/features/work-days/components/work-day-withdraw-page.tsx'],
  [PATHS.myBooking]: ['src/features/my-booking/components/my-booking-page.tsx'],
  [PATHS.waitingList]: ['src/features/waiting-list/components/waiting-list-page.tsx'],
};

/** A chunk of the build as far as this needs it. */
export interface BuiltChunk {
  fileName: string;
  /** The modules in the chunk, relative to web/ (src/...). */
  modules: readonly string[];
  isEntry: boolean;
  /** Chunks it imports statically (file names). */
  imports: readonly string[];
  /** Style sheets Vite loads with it (file names). */
  css: readonly string[];
}

/**
 * Per page, the files it needs that the entry does not already bring: the closure of static
 * imports of its modules' chunks, without the entry's own closure, in a stable order. `base` is
 * the public path of the build's files ('/'): the app's preload helper looks links up by it.
 */
export function pagePreloads(chunks: readonly BuiltChunk[], pageModules: Record<string, readonly string[]> = PAGE_MODULES, base = '/'): PagePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string, into: Set<string>) => {
    if (into.has(start) || !byFile.has(start)) return;
    into.add(start);
    for (const next of byFile.get(start)!.imports) closure(next, into);
  };
  const initial = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, initial);
  const initialCss = new Set([...initial].flatMap((file) => byFile.get(file)!.css));

  const pages: PagePreloads['pages'] = {};
  for (const [path, modules] of Object.entries(pageModules)) {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((candidate) => candidate.modules.includes(module));
      if (!chunk) throw new Error(`page-preloads: ${module} (page ${path}) is not a chunk of the build; update PAGE_MODULES in scripts/page-preloads.ts`);
      closure(chunk.fileName, files);
    }
    const own = [...files].filter((file) => !initial.has(file));
    const scripts = own.filter((file) => file.endsWith('.js'));
    const styles = [...new Set(own.flatMap((file) => byFile.get(file)!.css))].filter((file) => !initialCss.has(file));
    pages[path.toLowerCase()] = { scripts: scripts.map((file) => `${base}${file}`), styles: styles.map((file) => `${base}${file}`) };
  }
  return { pages };
}

/** The Vite plugin: writes page-preloads.json beside index.html. */
export function pagePreloadsPlugin(): Plugin {
  let webRoot = '';
  let base = '/';
  return {
    name: 'kyc-page-preloads',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root.replace(/\/$/, '');
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          modules: output.moduleIds.filter((id) => id.startsWith(`${webRoot}/`)).map((id) => id.slice(webRoot.length + 1)),
          isEntry: output.isEntry,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(pagePreloads(chunks, PAGE_MODULES, base), null, 2)}\n` });
    },
  };
}
