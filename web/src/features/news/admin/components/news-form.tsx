import { validateNewsForm, type NewsFormValues } from '@core/news/news-form';
import { DateFormatHint, DateTimeField } from '../../../../admin/shared/components/date-time-field';
import { Field } from '../../../../components/ui/field';
import { AdminForm, useAdminForm, type AdminFormProps } from '../../../../admin/shared/components/admin-form';
import { MARKDOWN_HINT } from '../../../../admin/shared/components/markdown-hint';

type FieldName = keyof NewsFormValues;

const fieldId = (name: FieldName) => `adm-news-${name}`;
const FIELD_ORDER: readonly FieldName[] = ['subject', 'body', 'publishAt', 'status'];

/**
 * The news form for both writing and editing. It checks the values with the core's rule, the one
 * the server applies; the server's field messages show the same way when it still refuses.
 */
export function NewsForm({ initial, submitLabel, submittingLabel, onSubmit, onCancel }: AdminFormProps<NewsFormValues>) {
  const form = useAdminForm<NewsFormValues, FieldName>({ initial, check: validateNewsForm, order: FIELD_ORDER, idOf: fieldId, onSubmit });
  const { submit } = form;
  const { errorFor, submitting } = form;

  return (
    <AdminForm onSubmit={submit} form={form} actions={{ submitLabel, submittingLabel, onCancel }}>
      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>News item</legend>
        <Field id={fieldId('subject')} label="Subject" error={errorFor('subject')} required>
          <input className="input" type="text" {...form.bind('subject')} />
        </Field>
        <Field id={fieldId('body')} label="Body" error={errorFor('body')} hint={MARKDOWN_HINT} required>
          <textarea className="input adm-news-body" rows={14} {...form.bind('body')} />
        </Field>
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Publishing (UK time)</legend>
        <DateFormatHint id="adm-news-date-format" />
        <DateTimeField
          id={fieldId('publishAt')}
          label="Publish Date & Time"
          {...form.control('publishAt')}
          hint="Members see a published item from this time on."
          formatHintId="adm-news-date-format"
          required
        />
        <Field id={fieldId('status')} label="Status" error={errorFor('status')} hint="A draft is seen only here. Choose Draft again later to unpublish.">
          <select className="input" {...form.bind('status')}>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </Field>
      </fieldset>
    </AdminForm>
  );
}
