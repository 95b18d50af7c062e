import { excerptOfText, newsExcerpt, newsPlainText, renderNewsBody } from '../news/news-body';
import type { SearchRecord } from '../search/search-hit';
import { SITE_PAGE_PATHS, SITE_PAGE_TITLE_MAX, type SitePageText } from './site-page';
import type { SitePagePart } from './site-page-schema';
import { WATER_LEVEL_CHART_MARKER } from './site-page-marker';

/*
 * A page's Markdown as members see it and as search finds it. Rendering is the news items'
 * (markdown-it, then sanitize-html's allow-list: core/news/news-body.ts), so a page can hold
 * nothing a news item could not; kept apart from the form's rule so that the browser never loads it.
 */

/** The marker's paragraph as the renderer writes it: the marker alone on its line. */
const CHART_PARAGRAPH = `<p>${WATER_LEVEL_CHART_MARKER}</p>`;

/**
 * A body's Markdown as safe HTML, cut where the water-level chart's line stands: the parts in
 * order, no empty HTML part. Every HTML part is the sanitiser's output, unchanged.
 */
export async function renderSitePage(body: string): Promise<SitePagePart[]> {
  const html = await renderNewsBody(body);
  const parts: SitePagePart[] = [];
  html.split(CHART_PARAGRAPH).forEach((piece, i) => {
    if (i > 0) parts.push({ kind: 'waterLevelChart' });
    if (piece.trim() !== '') parts.push({ kind: 'html', html: piece });
  });
  return parts;
}

/** A section of a page: its heading (a `## ` line; null before the first) and its Markdown. */
interface Section {
  heading: string | null;
  markdown: string;
}

/** Splits a body at its second-level headings, leaving headings inside fenced code alone. */
export function sitePageSections(body: string): Section[] {
  const sections: Section[] = [{ heading: null, markdown: '' }];
  let fence: string | null = null;
  for (const line of body.split(/\r?\n/)) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = null;
    }
    const heading = fence === null ? /^ {0,3}##[ \t]+(.*?)[ \t#]*$/.exec(line) : null;
    if (heading) sections.push({ heading: heading[1], markdown: '' });
    else sections[sections.length - 1].markdown += `${line}\n`;
  }
  return sections;
}

/** Longest text a page's search record keeps of its section (an Algolia record stays well under its 10 KB). */
const SECTION_TEXT_MAX = 4000;

/** A heading as the last part of a record's id: lower-case letters and digits, dashes between. */
function idPart(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/**
 * A page's search records: its opening words under its title, then one record per section under
 * the section's heading, each leading to the page. The words are the page's own text (the chart's
 * line left out), so a member searching for "channel 16" or "trip slip" lands on the page that
 * says it, as the page says it now.
 */
export async function sitePageSearchRecords(page: SitePageText): Promise<SearchRecord[]> {
  const records: SearchRecord[] = [];
  const used = new Set<string>();
  for (const section of sitePageSections(page.body)) {
    const markdown = section.markdown
      .split('\n')
      .filter((line) => line.trim() !== WATER_LEVEL_CHART_MARKER)
      .join('\n');
    // The opening words go under the page's title (a record even when the page opens with a heading).
    const title = section.heading === null ? page.title : await newsExcerpt(section.heading, SITE_PAGE_TITLE_MAX);
    // Rendered once: the record's text and its shorter description are both cut from it.
    const plain = await newsPlainText(markdown);
    const text = excerptOfText(plain, SECTION_TEXT_MAX);
    if (section.heading !== null && title === '' && text === '') continue;
    const base = section.heading === null ? `page-${page.slug}` : `page-${page.slug}-${idPart(title)}`;
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    // A section with no words of its own (only the chart, say) is described by its page's title.
    const description = excerptOfText(plain) || page.title;
    records.push({
      objectID: id,
      type: 'page',
      category: page.slug,
      title: title === '' ? page.title : title,
      description,
      ...(text.length > description.length ? { longdescription: text } : {}),
      path: SITE_PAGE_PATHS[page.slug],
      tags: [],
    });
  }
  return records;
}
