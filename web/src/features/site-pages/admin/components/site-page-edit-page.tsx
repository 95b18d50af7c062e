import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { validateSitePageForm, type SitePageFormValues } from '@core/site-pages/site-page-form';
import { WATER_LEVEL_CHART_MARKER } from '@core/site-pages/site-page-marker';
import type { SitePagePart } from '@core/site-pages/site-page-schema';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { AdminForm, useAdminForm, type AdminFormProps } from '../../../../admin/shared/components/admin-form';
import { EditPage, SaveFailureAlert, useSave } from '../../../../admin/shared/components/form-page';
import { LoadError, Loading } from '../../../../admin/shared/components/load-error';
import { MARKDOWN_HINT } from '../../../../admin/shared/components/markdown-hint';
import { sitePageQueryOptions, useSaveSitePage, useSitePage, useSitePagePreview } from '../api/site-pages';

export const SITE_PAGE_SAVE_FAILED = 'Failed to save the page. Please try again.';
export const SITE_PAGE_LOAD_FAILED = 'Failed to load the page';
export const SITE_PAGE_PREVIEW_FAILED = 'Failed to show the preview';
export const CHART_HINT = `A line holding only ${WATER_LEVEL_CHART_MARKER} shows the reservoir's water-level chart there.`;

const LIST = '/admin/pages';

/** One page's edit screen: its title and Markdown, a preview as members will see it, and Save. */
export function SitePageEditPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const page = useSitePage(slug);
  const tryAgain = useTryAgain(sitePageQueryOptions(slug).queryKey);
  const { submit, failure } = useSave({
    mutation: useSaveSitePage(slug),
    saved: (saved) => ({ to: LIST, message: `Page "${saved.title}" saved. Members see the new words now.` }),
    failed: SITE_PAGE_SAVE_FAILED,
    refusals: [403, 404, 409],
    permission: false,
  });
  return (
    <EditPage
      query={page}
      onRetry={tryAgain}
      back={LIST}
      backLabel="← Back to pages"
      title="Edit Page"
      titleOf={({ page: p }) => `Edit Page: ${p.title}`}
      loading="Loading page…"
      list={LIST}
      notFound="Page not found"
      loadFailed={() => SITE_PAGE_LOAD_FAILED}
    >
      {({ page: p, form }) => (
        <>
          <p>
            <Link to={p.path}>See it as members do</Link>
          </p>
          <SaveFailureAlert failure={failure} />
          <SitePageForm
            key={`${p.slug}@${p.updatedAt ?? ''}`}
            initial={form}
            submitLabel="Save Page"
            submittingLabel="Saving…"
            onSubmit={submit}
            onCancel={() => navigate(LIST)}
          />
        </>
      )}
    </EditPage>
  );
}

type FieldName = keyof SitePageFormValues;
const fieldId = (name: FieldName) => `adm-page-${name}`;
const FIELD_ORDER: readonly FieldName[] = ['title', 'body'];

/** The page form: checked with the core's rule, the one the server applies. */
function SitePageForm({ initial, submitLabel, submittingLabel, onSubmit, onCancel }: AdminFormProps<SitePageFormValues>) {
  const form = useAdminForm<SitePageFormValues, FieldName>({ initial, check: validateSitePageForm, order: FIELD_ORDER, idOf: fieldId, onSubmit });
  const { submit } = form;
  const { errorFor, submitting } = form;
  // The body the admin last asked to see; the preview follows it, not every key press.
  const [previewed, setPreviewed] = useState<string | null>(null);

  return (
    <AdminForm onSubmit={submit} form={form} actions={{ submitLabel, submittingLabel, onCancel }}>
      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Page</legend>
        <Field id={fieldId('title')} label="Title" error={errorFor('title')} hint="The page's heading and the browser tab's title." required>
          <input className="input" type="text" {...form.bind('title')} />
        </Field>
        <Field id={fieldId('body')} label="Text" error={errorFor('body')} hint={`${MARKDOWN_HINT} ${CHART_HINT}`} required>
          <textarea className="input adm-news-body" rows={20} {...form.bind('body')} />
        </Field>
        <div>
          <Button variant="secondary" onClick={() => setPreviewed(form.values.body)} disabled={submitting}>
            {previewed === null ? 'Show Preview' : 'Update Preview'}
          </Button>
        </div>
      </fieldset>
      {previewed !== null && <SitePagePreviewPanel body={previewed} />}
    </AdminForm>
  );
}

/** The text as members will see it once saved: rendered by the server with the members' renderer. */
function SitePagePreviewPanel({ body }: { body: string }) {
  const preview = useSitePagePreview(body);
  return (
    <section className="adm-page-preview" aria-labelledby="adm-page-preview-heading">
      <h2 id="adm-page-preview-heading">Preview</h2>
      <div aria-live="polite">
        {preview.isPending && <Loading label="Rendering the preview…" />}
        {preview.isError && <LoadError error={preview.error} message={preview.error.status === 400 ? preview.error.message : SITE_PAGE_PREVIEW_FAILED} />}
      </div>
      {preview.isSuccess && (
        <div className="adm-page-preview-body site-page-body">
          {preview.data.parts.map((part: SitePagePart, i) =>
            part.kind === 'html' ? (
              <div key={i} className="site-page-html" dangerouslySetInnerHTML={{ __html: part.html }} />
            ) : (
              <p key={i} className="adm-page-preview-chart">
                The reservoir's water-level chart is shown here.
              </p>
            ),
          )}
        </div>
      )}
    </section>
  );
}
