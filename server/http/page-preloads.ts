import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { pageFirstReads } from '../../core/paths';

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
}

/**
 * Answers `index.html` for a page, with that page's preloads. Reads the build once (again when
 * index.html changes); without a page-preloads.json (an older build) it names only the first reads.
 */
export function pageHtml(webRoot: string): (pathname: string, query: URLSearchParams) => string {
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
    built = { mtimeMs, html: readFileSync(indexPath, 'utf8'), pages };
    return built;
  };
  return (pathname, query) => {
    const { html, pages } = load();
    const page = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
    const tags = preloadTags(pages[page], pageFirstReads(pathname, query));
    if (tags === '') return html;
    const head = html.indexOf('</head>');
    // A page without a head of its own (never the build's) gets them at its end: links work there too.
    return head === -1 ? `${html}\n${tags}` : `${html.slice(0, head)}  ${tags}\n  ${html.slice(head)}`;
  };
}
