import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { formatDay } from '@core/shared/date-text';
import { inputErrors } from '@core/shared/parse-input';
import { EmailChangeConfirmSchema, EmailChangeRequestSchema, validateMyDetailsForm, type MyDetails, type MyDetailsFormValues } from '@core/my-club/my-details';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailsList } from '../../../components/ui/details-list';
import { Field } from '../../../components/ui/field';
import { QueryView } from '../../../components/ui/load-failed';
import { bindField, messagesResolver, ruleResolver, showRequestRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
import { useMyRenewal } from '../api/my-renewal';
import { SaveRow } from './save-row';
import { useChangeMyDetails, useConfirmEmailChange, useMyDetails, useRequestEmailChange } from '../api/my-details';

/** A London date (YYYY-MM-DD) as members read dates ("Wed 31 March 2027"). */
function dayText(date: string): string {
  return formatDay(`${date}T12:00:00.000Z`, 'member');
}

/** What the membership's status says: until when it is current, since when it lapsed, or no end. */
export function membershipStatusText(membership: MyDetails['membership']): string {
  if (membership.status === 'life') return 'Life membership: no end';
  if (membership.status === 'lapsed') return `Lapsed since ${dayText(membership.lapsedSince!)}`;
  return `Current until ${dayText(membership.renewalDate!)}`;
}

/**
 * My club's "My details" (docs/my-club.md#my-details): the member's name (the club changes it),
 * e-mail, phone and emergency contact, and their membership. They change their phone and
 * emergency contact, and their e-mail with a code sent to the new address.
 */
export function MyDetailsSection() {
  const details = useMyDetails();
  return (
    <section className="card" aria-labelledby="my-details-title">
      <h2 id="my-details-title">My details</h2>
      <QueryView query={details} loading="Loading your details…" failed="Failed to load your details">
        {(data) => (
          <>
            <h3>Membership</h3>
            <DetailsList
              rows={[
                ['Category', data.membership.category],
                ['Status', membershipStatusText(data.membership)],
                ['Renewal date', data.membership.renewalDate === null ? 'None: a life membership does not end' : dayText(data.membership.renewalDate)],
              ]}
            />
            {data.membership.status === 'lapsed' && <p>Until your membership is renewed, bookings are at the standard price.</p>}
            <RenewLink />
            <h3>Name and e-mail</h3>
            <DetailsList
              rows={[
                ['Name', data.name],
                ['E-mail', data.email],
              ]}
            />
            <p className="field-hint">The club keeps members’ names: if yours is wrong, ask the club to change it.</p>
            <EmailChangeForm current={data.email} />
            <ContactForm details={data} />
          </>
        )}
      </QueryView>
    </section>
  );
}

/** "Renew" while renewal is open (docs/membership.md#renewing-online), leading to the renewal page. */
function RenewLink() {
  const renewal = useMyRenewal();
  if (!renewal.data?.open) return null;
  return (
    <p>
      <Link className="btn" to="/my-club/renew">
        Renew
      </Link>
    </p>
  );
}

const CONTACT_FIELDS = ['phone', 'emergencyContactName', 'emergencyContactPhone'] as const;

function contactValues(details: MyDetails): MyDetailsFormValues {
  return { phone: details.phone ?? '', emergencyContactName: details.emergencyContactName ?? '', emergencyContactPhone: details.emergencyContactPhone ?? '' };
}

/** Phone and emergency contact: the server's own rule (validateMyDetailsForm), on react-hook-form. */
function ContactForm({ details }: { details: MyDetails }) {
  const change = useChangeMyDetails();
  const [saved, setSaved] = useState(false);
  const form = useForm<MyDetailsFormValues>({
    defaultValues: contactValues(details),
    resolver: ruleResolver(validateMyDetailsForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, CONTACT_FIELDS, (name) => `my-details-${name}`);
  const send = (values: MyDetailsFormValues) => {
    setSaved(false);
    return change.mutateAsync(values).then(
      (after) => {
        form.reset(contactValues(after));
        setSaved(true);
      },
      (error: unknown) => focusFirst(showRequestRefusal(form, CONTACT_FIELDS, error, 'Saving your details failed. Please try again.')),
    );
  };
  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="my-contact-title" onChange={() => setSaved(false)}>
      <h3 id="my-contact-title">Phone and emergency contact</h3>
      <Field id="my-details-phone" label="Your phone (optional)" error={errors.phone?.message}>
        <input type="tel" className="input" autoComplete="tel" {...bindField(form, 'phone', { clear: true })} />
      </Field>
      <Field
        id="my-details-emergencyContactName"
        label="Emergency contact’s name (optional)"
        hint="Someone the club may call if you have an accident."
        error={errors.emergencyContactName?.message}
      >
        <input type="text" className="input" autoComplete="off" {...bindField(form, 'emergencyContactName', { clear: true })} />
      </Field>
      <Field id="my-details-emergencyContactPhone" label="Emergency contact’s phone (optional)" error={errors.emergencyContactPhone?.message}>
        <input type="tel" className="input" autoComplete="off" {...bindField(form, 'emergencyContactPhone', { clear: true })} />
      </Field>
      <SaveRow
        refusal={errors.root?.server?.message}
        submitting={submitting}
        label="Save phone and emergency contact"
        saved={saved}
        savedText="Your details are saved."
      />
    </form>
  );
}

/**
 * The e-mail change in two steps: the new address (a code goes to it), then the code. The code's
 * form shows the address it went to; "Use another address" starts again.
 */
function EmailChangeForm({ current }: { current: string }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<{ email: string; message: string } | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  if (!open) {
    return (
      <>
        <p role="status" className="field-hint">
          {changed === null ? '' : `Your e-mail address is now ${changed}. Sign in with it from now on.`}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setChanged(null);
            setOpen(true);
          }}
        >
          Change my e-mail address
        </Button>
      </>
    );
  }
  if (pending === null) return <NewEmailForm current={current} onSent={setPending} onCancel={() => setOpen(false)} />;
  return (
    <EmailCodeForm
      pending={pending}
      onChanged={(email) => {
        setPending(null);
        setOpen(false);
        setChanged(email);
      }}
      onAgain={() => setPending(null)}
    />
  );
}

function NewEmailForm({ current, onSent, onCancel }: { current: string; onSent: (pending: { email: string; message: string }) => void; onCancel: () => void }) {
  const request = useRequestEmailChange();
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: messagesResolver((values: { email: string }) => inputErrors(EmailChangeRequestSchema, values)),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, ['email'], () => 'my-details-new-email');
  const send = ({ email }: { email: string }) =>
    request.mutateAsync({ email }).then(
      ({ message }) => onSent({ email: email.trim(), message }),
      (error: unknown) => focusFirst(showRequestRefusal(form, ['email'], error, 'Sending the code failed. Please try again.')),
    );
  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="my-email-title">
      <h3 id="my-email-title">Change my e-mail address</h3>
      <p>We send a code to the new address; your address changes once you enter it. Until then you keep {current}.</p>
      <Field id="my-details-new-email" label="New e-mail address" error={errors.email?.message}>
        <input type="email" className="input" autoComplete="email" {...bindField(form, 'email', { clear: true })} />
      </Field>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Sending the code…' : 'Send me a code'}
        </Button>
        <Button variant="ghost" type="button" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EmailCodeForm({
  pending,
  onChanged,
  onAgain,
}: {
  pending: { email: string; message: string };
  onChanged: (email: string) => void;
  onAgain: () => void;
}) {
  const confirm = useConfirmEmailChange();
  const form = useForm<{ code: string }>({
    defaultValues: { code: '' },
    resolver: messagesResolver((values: { code: string }) => inputErrors(EmailChangeConfirmSchema, { email: pending.email, code: values.code })),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, ['code'], () => 'my-details-email-code');
  const send = ({ code }: { code: string }) =>
    confirm.mutateAsync({ email: pending.email, code }).then(
      (after) => onChanged(after.email),
      (error: unknown) => focusFirst(showRequestRefusal(form, ['code'], error, 'Changing your e-mail address failed. Please try again.')),
    );
  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="my-email-code-title">
      <h3 id="my-email-code-title">Confirm your new e-mail address</h3>
      <p role="status">{pending.message}</p>
      <Field id="my-details-email-code" label="Code from the e-mail" error={errors.code?.message}>
        <input type="text" inputMode="numeric" className="input input-count" autoComplete="one-time-code" {...bindField(form, 'code', { clear: true })} />
      </Field>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className="household-form-actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Confirming…' : 'Confirm new address'}
        </Button>
        <Button variant="ghost" type="button" onClick={onAgain}>
          Use another address
        </Button>
      </div>
    </form>
  );
}
