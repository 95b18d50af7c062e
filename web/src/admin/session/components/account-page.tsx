import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '@core/admin-accounts/create-admin';
import { changePasswordFormErrors, type ChangePasswordField } from '@core/admin-accounts/change-password-schema';
import { DetailsList } from '../../../components/ui/details-list';
import { InputField } from '../../../components/ui/field';
import { ApiError, refusalMessage } from '../../../lib/api';
import { useForm } from '../../../lib/form';
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
  const form = useForm<PasswordValues, ChangePasswordField>({
    initial: EMPTY,
    // The server's own rule (core/admin-accounts/change-password-schema.ts), and the new password typed twice.
    validate: changePasswordFormErrors,
    order: FIELDS,
    idOf: (name) => `adm-account-${name}`,
    show: 'submit',
  });
  const change = useChangeOwnPassword();

  const send = ({ currentPassword, newPassword }: PasswordValues) =>
    change.mutateAsync({ currentPassword, newPassword }).then(
      (message) => {
        form.reset(EMPTY);
        setNotice({ kind: 'success', message });
      },
      (error: unknown) => {
        // A wrong current password or a refused new one is said beside its field; anything else for the form.
        const fields = error instanceof ApiError && error.status === 400 ? pick(error.fields) : {};
        form.refuse(fields, Object.keys(fields).length > 0 ? null : refusalMessage(error, FAILED, [400, 429, 502]));
      },
    );

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
        form={form}
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
          error={form.errorFor('currentPassword')}
          type="password"
          autoComplete="current-password"
          {...form.bind('currentPassword')}
        />
        <InputField
          id="adm-account-newPassword"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not your current password.`}
          error={form.errorFor('newPassword')}
          type="password"
          autoComplete="new-password"
          {...form.bind('newPassword')}
        />
        <InputField id="adm-account-repeat" label="New password again" error={form.errorFor('repeat')} type="password" autoComplete="new-password" {...form.bind('repeat')} />
      </PanelForm>
    </>
  );
}
