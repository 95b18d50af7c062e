import { HIGHLIGHT_FIELDS, type Highlight, type HighlightField, type SearchHit } from './search-hit';
import { PATHS } from '../shared/paths';
import { londonDate } from '../shared/london-time';
import { newsItemIdOf, newsItemPath } from '../shared/paths';

export const MAX_TAGS = 3;

/** The dialog's counter: "1 result found", otherwise "N results found" (0 included). */
export function resultCountText(count: number): string {
  return count === 1 ? '1 result found' : `${count} results found`;
}

/** Only an http(s) address is followed outside the app: a stored `javascript:` link never runs. */
function webAddress(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  try {
    const url = new URL(v.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where choosing a result leads. Events: the booking page (a work day: its sign-up page), else the
 * calendar. Documents: the PDF in a new tab. Pages: their path. News: the e-mail's preview in a new
 * tab, as the News page opens it; a news item written in the app, its own page /news/{id};
 * otherwise the News page.
 */
export function hitLink(hit: SearchHit): { href: string; newTab: boolean } {
  const present = (v: string | undefined) => (v !== undefined && v.trim() !== '' ? v : undefined);
  switch (hit.type) {
    case 'event':
      return { href: present(hit.bookingUrl) ?? present(hit.detailsUrl) ?? '#', newTab: false };
    case 'document':
      return { href: present(hit.downloadUrl) ?? '#', newTab: true };
    case 'page':
      return { href: present(hit.path) ?? '#', newTab: false };
    case 'news': {
      const preview = webAddress(hit.detailsUrl);
      if (preview) return { href: preview, newTab: true };
      const own = hit.detailsUrl === undefined ? null : newsItemIdOf(hit.detailsUrl.trim());
      return { href: own === null ? PATHS.news : newsItemPath(own), newTab: false };
    }
    default:
      return { href: '#', newTab: false };
  }
}

/**
 * The first field with text, highlighted when the provider highlighted it. Highlights that do
 * not spell out the field's text are not trusted and the plain text is shown instead.
 */
function firstHighlighted(hit: SearchHit, fields: readonly HighlightField[], fallback: string): Highlight {
  const field = firstWithText(hit, fields);
  if (field === undefined) return [{ text: fallback, match: false }];
  const text = hit[field]!;
  const marks = hit.highlights?.[field];
  if (marks && marks.length > 0 && marks.map((s) => s.text).join('') === text) return marks;
  return [{ text, match: false }];
}

/** A result's title is its first of these with text; its description likewise. */
const TITLE_FIELDS: readonly HighlightField[] = ['name', 'title', 'subject'];
const DESCRIPTION_FIELDS: readonly HighlightField[] = ['description', 'longdescription'];

function firstWithText(hit: Pick<SearchHit, HighlightField>, fields: readonly HighlightField[]): HighlightField | undefined {
  return fields.find((field) => {
    const text = hit[field];
    return text !== undefined && text.trim() !== '';
  });
}

export function hitTitle(hit: SearchHit): Highlight {
  return firstHighlighted(hit, TITLE_FIELDS, 'Untitled');
}

export function hitDescription(hit: SearchHit): Highlight {
  return firstHighlighted(hit, DESCRIPTION_FIELDS, 'No description available');
}

/** The text fields a result shows: its title field and its description field, those with text. */
export function shownTextFields(record: Pick<SearchHit, HighlightField>): HighlightField[] {
  return [firstWithText(record, TITLE_FIELDS), firstWithText(record, DESCRIPTION_FIELDS)].filter((field) => field !== undefined);
}

/**
 * A hit as the search answer carries it: what a result shows and links to, nothing more. Of the
 * title fields only the one shown (with its highlight), likewise of the description fields, and
 * the tags shown; the other text and highlights were half of every answer's bytes, sent on every
 * keystroke and never shown (docs/search.md#the-answer).
 */
export function shownHit(hit: SearchHit): SearchHit {
  const shown: SearchHit = { ...hit, tags: hitTags(hit), highlights: {} };
  // The text fields are put back below, only those shown.
  for (const field of HIGHLIGHT_FIELDS) delete shown[field];
  for (const field of shownTextFields(hit)) {
    shown[field] = hit[field];
    const marks = hit.highlights?.[field];
    if (marks !== undefined) shown.highlights[field] = marks;
  }
  return shown;
}

export function hitTags(hit: SearchHit): string[] {
  return (hit.tags ?? []).slice(0, MAX_TAGS);
}

/** Epoch seconds as an en-GB date in London, "06/06/2026"; '' when missing. */
export function formatEpochDate(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '';
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return '';
  const [year, month, day] = londonDate(d).split(/(?<=\d)-/);
  return `${day}/${month}/${year}`;
}
