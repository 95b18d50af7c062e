import type { Admin } from '../admins/admin';
import { requirePermission } from '../admins/permissions';
import { recordChange, type AuditedRecord, type AuditTrailDeps } from '../audit/audit-trail';
import { keepIndexInStep, type SearchIndexingDeps } from '../search/keep-index-in-step';
import { ConflictError, NotFoundError } from '../shared/errors';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { isSitePageSlug, SITE_PAGE_NOT_FOUND, type SitePage, type SitePageText } from './site-page';
import { SITE_PAGE_FORM_MESSAGES, SitePageFormValuesSchema, trimBody, validateSitePageForm } from './site-page-form';
import type { AdminSitePage } from './site-page-schema';
import { adminSitePage, currentSitePage, indexSitePages, type SitePageReadingDeps } from './site-pages';

/** The fields of a page the audit log records. */
export const SITE_PAGE_AUDIT_FIELDS = ['title', 'body'] as const;
const AUDITED_SITE_PAGE: AuditedRecord<SitePageText> = { recordType: 'sitePage', idOf: (page) => page.slug, fields: SITE_PAGE_AUDIT_FIELDS };

export interface SaveSitePageDeps extends SitePageReadingDeps, AuditTrailDeps, SearchIndexingDeps {}

/**
 * Saves a page's title and Markdown (content:write): checked with the form's rule, stored, written
 * to the audit log ('sitePage.updated', before and after), and the pages' search records made
 * again from the words members now read. Saving the words it already has changes nothing; a form
 * opened before another admin's save is refused (ConflictError) rather than replacing their words.
 */
export class SaveSitePage extends UseCase<SaveSitePageDeps> {
  async execute(admin: Admin, slug: string, form: unknown): Promise<AdminSitePage> {
    requirePermission(admin, 'sitePages.write');
    if (!isSitePageSlug(slug)) throw new NotFoundError(SITE_PAGE_NOT_FOUND);
    const values = parseInput(SitePageFormValuesSchema, form);
    const valid = acceptedForm(validateSitePageForm(values));
    const before = await currentSitePage(this.deps, slug);
    if (values.expectedUpdatedAt !== undefined && values.expectedUpdatedAt !== (before.saved?.updatedAt ?? null)) {
      throw new ConflictError(SITE_PAGE_FORM_MESSAGES.changedMeanwhile);
    }
    // As the form would store them: the original words' last line break is no change.
    if (before.text.title === valid.title && trimBody(before.text.body) === valid.body) return adminSitePage(before);
    const page: SitePage = { slug, ...valid, updatedAt: this.deps.clock.now().toISOString(), updatedBy: admin.email };
    await this.deps.sitePages.save(page);
    await recordChange(this.deps, admin, AUDITED_SITE_PAGE, {
      action: 'sitePage.updated',
      before: before.text,
      after: { slug, title: page.title, body: page.body },
      summary: `Edited the page ${page.title}`,
    });
    await keepIndexInStep(async () => {
      await indexSitePages(this.deps);
    }, this.deps.reportSearchIndexError);
    return adminSitePage({ text: { slug, title: page.title, body: page.body }, saved: page });
  }
}
