import { useForm, useWatch } from 'react-hook-form';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_SUBJECT_MAX,
  ANNOUNCEMENT_TEXT_MAX,
  AUDIENCE_LABELS,
  SendAnnouncementSchema,
  type AnnouncementAudience,
} from '@core/announcements/announcement';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { bindField, schemaResolver, submitOnce, useFocusFirst } from '../../../lib/form-rules';

/** What the admin types; the id is added when it is sent. */
export interface AnnouncementFormValues {
  audiences: AnnouncementAudience[];
  subject: string;
  text: string;
}
const FIELDS = ['audiences', 'subject', 'text'] as const;
const EMPTY: AnnouncementFormValues = { audiences: ['booked'], subject: '', text: '' };
/** The server's schema without the id the device adds: the form's messages are the server's. */
const FormSchema = SendAnnouncementSchema.omit({ id: true });

/**
 * An announcement's form (docs/notifications.md): audiences as checkboxes, subject and plain text,
 * checked with the server's own schema; says where replies go. `onSend` returns whether it was
 * taken (sent, or queued on the device): the form is then emptied and says `doneText`.
 */
export function AnnouncementForm({
  idPrefix,
  replyTo,
  submitLabel,
  onSend,
  refusal,
  done,
}: {
  idPrefix: string;
  replyTo: string;
  submitLabel: string;
  onSend: (values: AnnouncementFormValues) => Promise<boolean>;
  /** Why the last send was refused, for the whole form. */
  refusal?: string | null;
  /** What the last send did ("Sent to 5 people."). */
  done?: string | null;
}) {
  const form = useForm<AnnouncementFormValues>({
    defaultValues: EMPTY,
    resolver: schemaResolver(FormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, FIELDS, (name) => `${idPrefix}-${name}`);
  const audiences = useWatch({ control: form.control, name: 'audiences' });
  const toggle = (audience: AnnouncementAudience, on: boolean) => {
    const next = ANNOUNCEMENT_AUDIENCES.filter((a) => (a === audience ? on : audiences.includes(a)));
    form.setValue('audiences', next);
    form.clearErrors('audiences');
  };
  const send = async (values: AnnouncementFormValues) => {
    if (await onSend(values)) form.reset(EMPTY);
  };
  return (
    <form className="form-fields announcement-form" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`}>Send an announcement</h3>
      <fieldset className="announcement-audiences" aria-describedby={errors.audiences ? `${idPrefix}-audiences-error` : undefined}>
        <legend id={`${idPrefix}-audiences`} tabIndex={-1}>
          Who to tell
        </legend>
        {ANNOUNCEMENT_AUDIENCES.map((audience) => (
          <Checkbox
            key={audience}
            id={`${idPrefix}-audience-${audience}`}
            label={AUDIENCE_LABELS[audience]}
            checked={audiences.includes(audience)}
            onChange={(on) => toggle(audience, on)}
          />
        ))}
        {errors.audiences?.message && (
          <p className="field-error" id={`${idPrefix}-audiences-error`}>
            {errors.audiences.message}
          </p>
        )}
      </fieldset>
      <Field id={`${idPrefix}-subject`} label="Subject" required error={errors.subject?.message}>
        <input type="text" className="input" autoComplete="off" maxLength={ANNOUNCEMENT_SUBJECT_MAX} {...bindField(form, 'subject', { clear: true })} />
      </Field>
      <Field id={`${idPrefix}-text`} label="Announcement" required hint="Plain text. Each person is e-mailed once." error={errors.text?.message}>
        <textarea className="input" rows={4} maxLength={ANNOUNCEMENT_TEXT_MAX} {...bindField(form, 'text', { clear: true })} />
      </Field>
      <p className="field-hint">Replies go to {replyTo}.</p>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : submitLabel}
      </Button>
      <p role="status">{done ?? ''}</p>
    </form>
  );
}
