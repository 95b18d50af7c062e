import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RESET_MESSAGES, RESET_TOKEN_PATTERN } from '@core/admins/password-reset';
import { MIN_PASSWORD_LENGTH } from '@core/admin-accounts/create-admin';
import { inputErrors } from '@core/shared/parse-input';
import { PasswordResetConfirmSchema } from '@core/admin-accounts/password-reset-schema';
import { CHANGE_PASSWORD_MESSAGES } from '@core/admin-accounts/change-password-schema';
import { Alert } from '../../../components/ui/alert';
import { InputField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useForm } from 'react-hook-form';
import { messagesOf, ruleResolver, showRefusal, useFocusFirst } from '../../../lib/form-rules';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AccountForm, BackToSignIn } from './account-form';
import { PageTitle } from '../../shared/components/page-title';

const ORDER = ['password', 'repeat'] as const;
const FAILED = 'The new password could not be saved. Please try again.';

/** The server refused the link itself rather than the password. */
function aboutTheLink(error: unknown): boolean {
  return error instanceof ApiError && ((error.status === 400 && Object.keys(error.fields).length === 0) || error.status === 404);
}

interface ResetValues {
  password: string;
  repeat: string;
}

/** The e-mailed link's page: a new password (the same rule as a new admin's), then sign in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const form = useForm<ResetValues>({
    defaultValues: { password: '', repeat: '' },
    // The server's request schema for the password, then the password typed twice.
    resolver: ruleResolver((values: ResetValues) => {
      const errors: Partial<Record<'password' | 'repeat', string>> = inputErrors(PasswordResetConfirmSchema, { token, password: values.password });
      if (!errors.password && values.repeat !== values.password) errors.repeat = CHANGE_PASSWORD_MESSAGES.mismatch;
      const shown = { ...(errors.password ? { password: errors.password } : {}), ...(errors.repeat ? { repeat: errors.repeat } : {}) };
      return Object.keys(shown).length === 0 ? { ok: true } : { ok: false, errors: shown };
    }),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const formError = errors.root?.server?.message ?? null;
  const { focusFirst } = useFocusFirst(form, ORDER, (name) => `adm-reset-${name}`);
  const refuse = (fields: Partial<Record<string, string>>, message: string | null) => focusFirst(showRefusal(form, ORDER, fields, message));
  const bind = (name: (typeof ORDER)[number]) => form.register(name, { onChange: () => (form.clearErrors(name), form.clearErrors('root')) });
  const confirm = useConfirmPasswordReset();
  // A link whose token cannot be ours is answered at once; the server judges every other one.
  // Once it has refused the link itself (not valid, expired or used), no form can fix that.
  const refusedLink = confirm.error && aboutTheLink(confirm.error) ? confirm.error.message : null;
  const linkError = RESET_TOKEN_PATTERN.test(token) ? refusedLink : RESET_MESSAGES.invalid;

  const send = (values: ResetValues) =>
    confirm.mutateAsync({ token, password: values.password }).then(
      (done) => void navigate('/admin/login', { replace: true, state: { passwordReset: done } }),
      (error: unknown) => {
        if (!(error instanceof ApiError)) return refuse({}, FAILED);
        // A refused link replaces the form (linkError above).
        if (!aboutTheLink(error)) refuse(error.fields, error.status === 400 ? null : FAILED);
      },
    );

  return (
    <div className="adm-login">
      <main id="admin-main" className="adm-login-card" tabIndex={-1}>
        <PageTitle documentTitle="Choose a new password">Choose a New Password</PageTitle>
        {linkError ? (
          <>
            <Alert tone="error">{linkError}</Alert>
            <p className="adm-login-links">
              <Link to="/admin/forgot-password">Ask for a new link</Link>
            </p>
          </>
        ) : (
          <AccountForm
            intro="Setting a new password signs your account out everywhere else."
            formError={formError}
            legend="New password"
            submitting={submitting}
            submitLabel="Set Password"
            busyLabel="Saving…"
            onSubmit={(e) => (submitting ? e.preventDefault() : void form.handleSubmit(send, (invalid) => focusFirst(messagesOf(invalid)))(e))}
          >
            <InputField
              id="adm-reset-password"
              label="New password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              error={errors.password?.message}
              type="password"
              autoComplete="new-password"
              {...bind('password')}
            />
            <InputField
              id="adm-reset-repeat"
              label="New password again"
              error={errors.repeat?.message}
              type="password"
              autoComplete="new-password"
              {...bind('repeat')}
            />
          </AccountForm>
        )}
        <BackToSignIn />
      </main>
    </div>
  );
}
