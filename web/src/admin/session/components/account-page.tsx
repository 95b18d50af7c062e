import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '@core/admin-accounts/create-admin';
import { changePasswordFormErrors, type ChangePasswordField } from '@core/admin-accounts/change-password-schema';
import { DetailsList } from '../../../components/ui/details-list';
import { InputField } from '../../../components/ui/field';
import { ApiError, refusalMessage } from '../../../lib/api';
import { useForm } from 'react-hook-form';
import { messagesOf, messagesResolver, showRefusal, useFocusFirst } from '../../../lib/form-rules';
import { useChangeOwnPassword } from '../api/change-password';
import { useSignedInAdmin } from './admin-session';
import { NoticeArea, type Notice } from '../../shared/components/notice';
import { PageTitle } from '../../shared/components/page-title';
import { PanelForm } from '../../shared/components/panel-form';

const FAILED = 'Your password could not be changed. Please try again.';
const FIELDS: readonly ChangePasswordField[] = ['currentPassword', 'newPassword', 'repeat'];

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', repeat: '' };

/** The server's field messages that this form shows beside a field. */
function pick(fields: Partial<Record<string, string>>): Partial<Record<ChangePasswordField, string>> {
  return Object.fromEntries(FIELDS.filter((name) => typeof fields[name] === 'string').map((name) => [name, fields[name]]));
}

/** The signed-in admin's own account: who they are, and the change of their own password. */
export function AccountPage() {
  const me = useSignedInAdmin();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm<PasswordValues>({
    defaultValues: EMPTY,
    // The server's own rule (core/admin-accounts/change-password-schema.ts), and the new password typed twice.
    resolver: messagesResolver(changePasswordFormErrors),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, FIELDS, (name) => `adm-account-${name}`);
  const change = useChangeOwnPassword();
  const bind = (name: ChangePasswordField) => form.register(name, { onChange: () => (form.clearErrors(name), form.clearErrors('root')) });

  const send = ({ currentPassword, newPassword }: PasswordValues) =>
    change.mutateAsync({ currentPassword, newPassword }).then(
      (message) => {
        form.reset(EMPTY);
        setNotice({ kind: 'success', message });
      },
      (error: unknown) => {
        // A wrong current password or a refused new one is said beside its field; anything else for the form.
        const fields = error instanceof ApiError && error.status === 400 ? pick(error.fields) : {};
        focusFirst(showRefusal(form, FIELDS, fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, FAILED, [400, 429, 502])));
      },
    );
  // What the panel needs of the form: its message, whether it is being sent, and its submit.
  const panel = {
    formError: errors.root?.server?.message ?? null,
    submitting,
    handleSubmit: (done: (values: PasswordValues) => Promise<void>) => (e: FormEvent) =>
      submitting ? e.preventDefault() : void form.handleSubmit(done, (invalid) => focusFirst(messagesOf(invalid)))(e),
  };

  return (
    <>
      <PageTitle documentTitle="My account">My Account</PageTitle>
      <DetailsList
        className="adm-details"
        rows={[
          ['Name', me.name],
          ['Email', me.email],
        ]}
      />
      <NoticeArea notice={notice} />
      <PanelForm
        id="adm-change-password"
        title="Change Password"
        legend="Change your password"
        form={panel}
        send={send}
        onStart={() => setNotice(null)}
        submit={['Change Password', 'Changing…']}
      >
        <p className="adm-muted">You stay signed in here; every other device or browser signed in as you is signed out.</p>
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={me.email} readOnly hidden />
        <InputField
          id="adm-account-currentPassword"
          label="Current password"
          error={errors.currentPassword?.message}
          type="password"
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <InputField
          id="adm-account-newPassword"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not your current password.`}
          error={errors.newPassword?.message}
          type="password"
          autoComplete="new-password"
          {...bind('newPassword')}
        />
        <InputField
          id="adm-account-repeat"
          label="New password again"
          error={errors.repeat?.message}
          type="password"
          autoComplete="new-password"
          {...bind('repeat')}
        />
      </PanelForm>
    </>
  );
}
