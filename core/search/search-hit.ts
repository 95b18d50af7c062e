import { z } from 'zod';

export const SEARCH_TYPES = ['event', 'document', 'page', 'news'] as const;
export const SearchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof SearchTypeSchema>;

export const SEARCH_INDEXES = ['events', 'documents', 'news', 'pages'] as const;
export const SearchIndexNameSchema = z.enum(SEARCH_INDEXES);
export type SearchIndexName = z.infer<typeof SearchIndexNameSchema>;

/**
 * Highlighted text as structured segments: the browser renders `match` segments as <mark>
 * and never inserts stored text as HTML.
 */
export const HighlightSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type Highlight = z.infer<typeof HighlightSchema>;

export const HIGHLIGHT_FIELDS = ['name', 'title', 'subject', 'description', 'longdescription'] as const;
export type HighlightField = (typeof HIGHLIGHT_FIELDS)[number];

/** What is put into a search index. */
export const SearchRecordSchema = z.object({
  objectID: z.string().min(1),
  type: SearchTypeSchema.default('page'),
  category: z.string().default('general'),
  name: z.string().optional(),
  title: z.string().optional(),
  subject: z.string().optional(),
  description: z.string().optional(),
  longdescription: z.string().optional(),
  /** Epoch seconds. */
  eventDate: z.number().optional(),
  bookingUrl: z.string().optional(),
  detailsUrl: z.string().optional(),
  downloadUrl: z.string().optional(),
  path: z.string().optional(),
  tags: z.array(z.string()).default([]),
});
export type SearchRecord = z.infer<typeof SearchRecordSchema>;

/** A search result: the record, its source index and highlights for the text fields. */
export const SearchHitSchema = SearchRecordSchema.extend({
  index: SearchIndexNameSchema,
  highlights: z.partialRecord(z.enum(HIGHLIGHT_FIELDS), HighlightSchema).default({}),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/**
 * Whether a search hit may be shown now: a news hit carries its publish time (eventDate, epoch
 * seconds), so an item indexed ahead of its time is found from that time on, not before.
 */
export function isSearchHitVisible(hit: Pick<SearchHit, 'type' | 'eventDate'>, now: Date): boolean {
  if (hit.type !== 'news' || typeof hit.eventDate !== 'number' || !Number.isFinite(hit.eventDate)) return true;
  return hit.eventDate * 1000 <= now.getTime();
}
