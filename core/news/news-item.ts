import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

export const NEWS_STATUSES = ['draft', 'published'] as const;
export const NewsStatusSchema = z.enum(NEWS_STATUSES);
export type NewsStatus = z.infer<typeof NewsStatusSchema>;

/** Longest subject and body a news item may have (the form's rule says so in words). */
export const NEWS_SUBJECT_MAX = 200;
export const NEWS_BODY_MAX = 50_000;

/**
 * A news item an admin wrote in the app (CAMPAIGNS=database). The body is Markdown, kept as
 * written: it is rendered to sanitised HTML on the server whenever a member reads it
 * (core/news/news-body.ts), so a tightened allow-list applies to every item at once.
 * Members see it from `publishAt` on, once it is published; a draft is seen only by admins.
 */
export const NewsItemSchema = z.object({
  id: z.string().min(1),
  subject: z.string().min(1).max(NEWS_SUBJECT_MAX),
  body: z.string().max(NEWS_BODY_MAX),
  publishAt: InstantSchema,
  status: NewsStatusSchema,
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type NewsItem = z.infer<typeof NewsItemSchema>;
