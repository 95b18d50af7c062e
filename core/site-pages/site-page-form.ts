import { z } from 'zod';
import { formCheck } from '../shared/form-check';
import { groupThousands } from '../shared/number-text';
import { SITE_PAGE_BODY_MAX, SITE_PAGE_TITLE_MAX, type SitePageText } from './site-page';

/**
 * The page form as the browser sends it. Strings are only bounded here (to refuse absurd
 * payloads); validateSitePageForm gives the friendly messages.
 */
export const SitePageFormValuesSchema = z.object({
  title: z.string().max(2000).default(''),
  body: z
    .string()
    .max(SITE_PAGE_BODY_MAX * 2)
    .default(''),
  /**
   * When the page the form was opened with was saved (null: never, its original words), so that a
   * save does not silently replace words another admin saved meanwhile. Left out, no check is made.
   */
  expectedUpdatedAt: z.string().max(100).nullable().optional(),
});
export type SitePageFormValues = z.infer<typeof SitePageFormValuesSchema>;
export type SitePageFormErrors = Partial<Record<keyof SitePageFormValues, string>>;

/** What a preview is asked with: the body alone. */
export const SitePagePreviewRequestSchema = z.object({
  body: z
    .string()
    .max(SITE_PAGE_BODY_MAX * 2)
    .default(''),
});

export const SITE_PAGE_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SITE_PAGE_TITLE_MAX} characters`,
  bodyRequired: 'Write the page (the text is required)',
  bodyTooLong: `The text must be at most ${groupThousands(SITE_PAGE_BODY_MAX)} characters`,
  changedMeanwhile: 'Another admin saved this page after you opened it. Copy your text, open the page again to see their words, then make your changes there.',
} as const;

/**
 * The page's body as it is kept: its own spacing (Markdown reads leading spaces), blank lines at
 * its start and white space at its end dropped.
 */
export function trimBody(body: string): string {
  return body.replace(/^(\s*\n)+/, '').trimEnd();
}

/** The body's own rule (the form's and the preview's): some text, at most 50,000 characters. */
export function sitePageBodyError(body: string): string | null {
  const trimmed = trimBody(body);
  if (trimmed.trim() === '') return SITE_PAGE_FORM_MESSAGES.bodyRequired;
  if (trimmed.length > SITE_PAGE_BODY_MAX) return SITE_PAGE_FORM_MESSAGES.bodyTooLong;
  return null;
}

/**
 * The rule of the page form, the same in the browser and on the server: a title (at most 100
 * characters, white space trimmed) and a body (at most 50,000 characters).
 */
export function validateSitePageForm(
  values: SitePageFormValues,
): { ok: true; value: { title: string; body: string } } | { ok: false; errors: SitePageFormErrors } {
  const errors: SitePageFormErrors = {};
  const title = values.title.trim().replace(/\s+/g, ' ');
  if (title === '') errors.title = SITE_PAGE_FORM_MESSAGES.titleRequired;
  else if (title.length > SITE_PAGE_TITLE_MAX) errors.title = SITE_PAGE_FORM_MESSAGES.titleTooLong;
  const bodyError = sitePageBodyError(values.body);
  if (bodyError !== null) errors.body = bodyError;
  return formCheck(errors, () => ({ title, body: trimBody(values.body) }));
}

/** The form as the edit screen opens it: the page's words now, and when they were saved (null: never). */
export function sitePageToFormValues(page: SitePageText, updatedAt: string | null): SitePageFormValues {
  return { title: page.title, body: page.body, expectedUpdatedAt: updatedAt };
}
