import { permittedInput } from '../admins/admin-record';
import type { Admin } from '../admins/admin';
import { ValidationError } from '../shared/errors';
import { UseCase } from '../shared/use-case';
import { renderSitePage } from './site-page-content';
import { SitePagePreviewRequestSchema, sitePageBodyError, trimBody } from './site-page-form';
import type { SitePagePreview } from './site-page-schema';

/**
 * A body as members would see it once saved, for the edit screen's preview: rendered by the
 * server with the members' renderer, so the preview is the page, and the browser loads no renderer.
 * Nothing is stored.
 */
export class PreviewSitePage extends UseCase<Record<string, never>> {
  async execute(admin: Admin, input: unknown): Promise<SitePagePreview> {
    const { body } = permittedInput(admin, 'sitePages.write', SitePagePreviewRequestSchema, input);
    const error = sitePageBodyError(body);
    if (error !== null) throw new ValidationError(error, { body: error });
    return { parts: await renderSitePage(trimBody(body)) };
  }
}
