import { z } from 'zod';
import { NewsItemSchema } from './news-item';
import { InstantSchema } from '../shared/instant';
import { NewsFormValuesSchema } from './news-form';
import type { CampaignRepository } from './campaign-repository.port';
import type { Clock } from '../shared/clock.port';

/** Where news come from (CAMPAIGNS): written in the app, or MailerLite (the app then writes none). */
export const NewsSourceSchema = z.enum(['database', 'mailerlite']);
export type NewsSource = z.infer<typeof NewsSourceSchema>;

/** What the use cases that read news items need: the stored items, the time, and where news come from. */
export interface NewsReadingDeps {
  campaigns: CampaignRepository;
  clock: Clock;
  newsSource: NewsSource;
}

/** A news item on the admin screen, with what members see of it now. */
export const AdminNewsItemSchema = NewsItemSchema.extend({ label: z.enum(['Draft', 'Scheduled', 'Published']) });
export type AdminNewsItem = z.infer<typeof AdminNewsItemSchema>;

/** The admin news screen: where news come from and, when written here, every item. */
export const AdminNewsListSchema = z.object({ source: NewsSourceSchema, items: z.array(AdminNewsItemSchema) });
export type AdminNewsList = z.infer<typeof AdminNewsListSchema>;

/** One item for its edit form. */
export const AdminNewsItemAnswerSchema = z.object({ item: AdminNewsItemSchema, form: NewsFormValuesSchema });
export type AdminNewsItemAnswer = z.infer<typeof AdminNewsItemAnswerSchema>;

/** A saved item. */
export const NewsItemSavedSchema = z.object({ item: AdminNewsItemSchema });

/**
 * A published news item, or an imported campaign whose text is stored, as members read it on
 * /news/{id}: its text as sanitised HTML, rendered by the server; `publishAt` is when it went out
 * (null for an imported campaign that has no time: the page says "Date TBC").
 */
export const NewsItemPageSchema = z.object({ id: z.string(), subject: z.string(), publishAt: InstantSchema.nullable(), html: z.string() });
export type NewsItemPage = z.infer<typeof NewsItemPageSchema>;
