import { z } from 'zod';
import { NEWS_BODY_MAX, NEWS_STATUSES, NEWS_SUBJECT_MAX, type NewsItem, type NewsStatus } from './news-item';
import { instantToLondonWallClock } from '../shared/date-text';
import { londonWallClock, wallClockToInstant } from '../shared/london-time';
import { groupThousands } from '../shared/number-text';

/**
 * The admin news form as the browser sends it: the publish time as London wall-clock text
 * ('yyyy-MM-ddTHH:mm', typed day first in the form: uk-date-input), the status as text. Strings
 * are only bounded here (to refuse absurd payloads); validateNewsForm gives the friendly messages.
 */
export const NewsFormValuesSchema = z.object({
  subject: z.string().max(2000).default(''),
  body: z
    .string()
    .max(NEWS_BODY_MAX * 2)
    .default(''),
  publishAt: z.string().max(100).default(''),
  status: z.string().max(20).default('draft'),
});
export type NewsFormValues = z.infer<typeof NewsFormValuesSchema>;
export type NewsFormErrors = Partial<Record<keyof NewsFormValues, string>>;

/** What a valid form stores. */
export interface NewsFields {
  subject: string;
  body: string;
  publishAt: string;
  status: NewsStatus;
}

export const NEWS_FORM_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${NEWS_SUBJECT_MAX} characters`,
  bodyRequired: 'Write the news item (the body is required)',
  bodyTooLong: `The body must be at most ${groupThousands(NEWS_BODY_MAX)} characters`,
  publishAtRequired: 'Publish date and time is required',
  publishAtInvalid: 'Enter a valid date and time',
  statusInvalid: 'Choose Draft or Published',
} as const;

/**
 * The rule of the news form, the same in the browser and on the server: a subject (at most 200
 * characters, white space trimmed), a body (at most 50,000 characters), a real London date and
 * time to publish at, and Draft or Published. A time in the past is fine: it publishes at once.
 */
export function validateNewsForm(values: NewsFormValues): { ok: true; value: NewsFields } | { ok: false; errors: NewsFormErrors } {
  const errors: NewsFormErrors = {};
  const subject = values.subject.trim();
  if (subject === '') errors.subject = NEWS_FORM_MESSAGES.subjectRequired;
  else if ([...subject].length > NEWS_SUBJECT_MAX) errors.subject = NEWS_FORM_MESSAGES.subjectTooLong;
  // The body keeps its own spacing (Markdown reads leading spaces), only its ends are trimmed.
  const body = values.body.replace(/^\s*\n/, '').trimEnd();
  if (body.trim() === '') errors.body = NEWS_FORM_MESSAGES.bodyRequired;
  else if (body.length > NEWS_BODY_MAX) errors.body = NEWS_FORM_MESSAGES.bodyTooLong;
  let publishAt: string | null = null;
  if (values.publishAt.trim() === '') errors.publishAt = NEWS_FORM_MESSAGES.publishAtRequired;
  else {
    const instant = wallClockToInstant(values.publishAt);
    if (instant === null) errors.publishAt = NEWS_FORM_MESSAGES.publishAtInvalid;
    else publishAt = instant.toISOString();
  }
  const status = (NEWS_STATUSES as readonly string[]).includes(values.status) ? (values.status as NewsStatus) : null;
  if (status === null) errors.status = NEWS_FORM_MESSAGES.statusInvalid;
  if (Object.keys(errors).length > 0 || publishAt === null || status === null) return { ok: false, errors };
  return { ok: true, value: { subject, body, publishAt, status } };
}

/** A new item's form: a draft, to publish now (the admin may change the time). */
export function emptyNewsForm(now: Date): NewsFormValues {
  return { subject: '', body: '', publishAt: londonWallClock(now), status: 'draft' };
}

/** The form as the edit screen opens it. */
export function newsItemToFormValues(item: NewsItem): NewsFormValues {
  return { subject: item.subject, body: item.body, publishAt: instantToLondonWallClock(item.publishAt), status: item.status };
}
