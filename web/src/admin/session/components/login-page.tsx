import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import type { LoginForm } from '@core/admins/admin';
import { LOGIN_MESSAGES, validateLoginForm } from '@core/admins/login';
import { InputField } from '../../../components/ui/field';
import { useForm, useWatch } from 'react-hook-form';
import { ruleResolver, showRefusal, useFocusFirst, messagesOf } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/api';
import { useSignIn } from '../api/session';
import { useAdminSession } from './admin-session';
import { Loading } from '../../shared/components/load-error';
import { PageTitle } from '../../shared/components/page-title';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { useClubConfig } from '../../../lib/club-config';

interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  signedOut?: boolean;
  /** The reset page's message after a new password was set. */
  passwordReset?: string;
}

/** The catalogue message for a refused sign-in; the status decides, so the wording never drifts. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_MESSAGES.other;
  switch (error.status) {
    case 401:
      return LOGIN_MESSAGES.invalid;
    case 403:
      return LOGIN_MESSAGES.noAdmin;
    case 429:
      return LOGIN_MESSAGES.tooMany;
    default:
      return LOGIN_MESSAGES.other;
  }
}

const ORDER = ['email', 'password'] as const;

/** Where to go after signing in: back where the admin was sent from, if it is an admin page. */
function destination(state: LoginLocationState | null): string {
  const from = state?.from;
  if (!from || !from.pathname.startsWith('/admin/') || from.pathname.startsWith('/admin/login')) return '/admin/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { session, signedIn } = useAdminSession();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as LoginLocationState | null;
  const { passwordReset: resetAvailable } = useClubConfig();
  // The core's rule, the server's; its messages show at a submit, each cleared as its field changes.
  const form = useForm<LoginForm>({
    defaultValues: { email: '', password: '' },
    resolver: ruleResolver(validateLoginForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, ORDER, (name) => `adm-login-${name}`);
  const signIn = useSignIn();
  const error = errors.root?.server?.message ?? null;
  const values = useWatch({ control: form.control }) as LoginForm;
  // Once signed in here, this page sends the admin on itself (back where they were going).
  const [leaving, setLeaving] = useState(false);

  if (session.status === 'checking') return <Loading label="Checking your session…" />;
  if (session.status === 'signed-in' && !submitting && !leaving) return <Navigate to="/admin/dashboard" replace />;

  const ready = values.email.trim() !== '' && values.password !== '';

  const send = (login: LoginForm) =>
    signIn.mutateAsync({ email: login.email.trim(), password: login.password }).then(
      (admin) => {
        setLeaving(true);
        signedIn(admin);
        navigate(destination(state), { replace: true });
      },
      (err: unknown) => focusFirst(showRefusal(form, ORDER, err instanceof ApiError && err.status === 400 ? err.fields : {}, loginErrorMessage(err))),
    );
  const onSubmit = form.handleSubmit(send, (invalid) => focusFirst(messagesOf(invalid)));
  // A change clears its field's message and the form's.
  const bind = (name: (typeof ORDER)[number]) => form.register(name, { onChange: () => (form.clearErrors(name), form.clearErrors('root')) });

  return (
    <div className="adm-login">
      <main id="admin-main" className="adm-login-card" tabIndex={-1}>
        <PageTitle documentTitle="Sign in">Admin Sign In</PageTitle>
        <p className="adm-muted">Sign in to manage the club's events and bookings.</p>
        {state?.signedOut && !error && <Alert tone="info">You have been signed out.</Alert>}
        {state?.passwordReset && !error && <Alert tone="success">{state.passwordReset}</Alert>}
        {state?.from && !state.signedOut && !error && <Alert tone="info">Please sign in to continue.</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <form onSubmit={(e) => (submitting ? e.preventDefault() : void onSubmit(e))} noValidate>
          <fieldset className="form-fields" disabled={submitting}>
            <legend className="visually-hidden">Your account</legend>
            <InputField id="adm-login-email" label="Email" error={errors.email?.message} type="email" autoComplete="username" {...bind('email')} />
            <InputField
              id="adm-login-password"
              label="Password"
              error={errors.password?.message}
              type="password"
              autoComplete="current-password"
              {...bind('password')}
            />
          </fieldset>
          <Button type="submit" block disabled={!ready || submitting}>
            {submitting ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
        {resetAvailable && (
          <p className="adm-login-links">
            <Link to="/admin/forgot-password">Forgot password?</Link>
          </p>
        )}
      </main>
    </div>
  );
}
