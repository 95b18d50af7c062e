import { RESET_MESSAGES } from '@core/admins/password-reset';
import { useForm } from 'react-hook-form';
import { PasswordResetRequestSchema, type PasswordResetRequest } from '@core/admin-accounts/password-reset-schema';
import { Alert } from '../../../components/ui/alert';
import { InputField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useClubConfig } from '../../../lib/club-config';
import { schemaResolver, showRefusal, useFocusFirst, messagesOf } from '../../../lib/form-rules';
import { useRequestPasswordReset } from '../api/password-reset';
import { AccountForm, BackToSignIn } from './account-form';
import { PageTitle } from '../../shared/components/page-title';

const ORDER = ['email'] as const;
const FAILED = 'The request could not be sent. Please try again.';

/** "Forgot password?": the admin's e-mail, then the same answer whoever it belongs to. */
export function ForgotPasswordPage() {
  const config = useClubConfig();
  const request = useRequestPasswordReset();
  // The server's answer once the request went through: the same whoever the address belongs to.
  const sent = request.data ?? null;
  // The server's own request schema checks the address, with the server's words.
  const form = useForm<PasswordResetRequest>({
    defaultValues: { email: '' },
    resolver: schemaResolver(PasswordResetRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const formError = errors.root?.server?.message ?? null;
  const { focusFirst } = useFocusFirst(form, ORDER, () => 'adm-forgot-email');

  const send = (values: PasswordResetRequest) =>
    request.mutateAsync(values.email.trim()).then(
      () => undefined,
      (error: unknown) => {
        const refused = error instanceof ApiError && [400, 404, 429].includes(error.status);
        focusFirst(
          showRefusal(form, ORDER, error instanceof ApiError && error.status === 400 ? error.fields : {}, refused ? (error as ApiError).message : FAILED),
        );
      },
    );
  const onSubmit = form.handleSubmit(send, (invalid) => focusFirst(messagesOf(invalid)));

  return (
    <div className="adm-login">
      <main id="admin-main" className="adm-login-card" tabIndex={-1}>
        <PageTitle documentTitle="Forgot password">Forgot Password</PageTitle>
        {!config.passwordReset ? (
          <Alert tone="info">{RESET_MESSAGES.unavailable}</Alert>
        ) : sent ? (
          <Alert tone="success">{sent}</Alert>
        ) : (
          <AccountForm
            intro="Enter the e-mail address of your admin account. We will send you a link to choose a new password."
            formError={formError}
            legend="Your account"
            submitting={submitting}
            submitLabel="Send Reset Link"
            busyLabel="Sending…"
            onSubmit={(e) => (submitting ? e.preventDefault() : void onSubmit(e))}
          >
            <InputField
              id="adm-forgot-email"
              label="Email"
              error={errors.email?.message}
              type="email"
              autoComplete="username"
              {...form.register('email', { onChange: () => (form.clearErrors('email'), form.clearErrors('root')) })}
            />
          </AccountForm>
        )}
        <BackToSignIn />
      </main>
    </div>
  );
}
