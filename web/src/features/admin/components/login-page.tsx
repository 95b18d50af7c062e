import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import { LOGIN_MESSAGES, validateLoginForm } from '@core/domain/login';
import { ApiError } from '../../../lib/api';
import { signIn } from '../api/session';
import { useAdminSession } from './admin-session';
import { Loading } from './load-error';
import { PageTitle } from './page-title';

interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  signedOut?: boolean;
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'email' | 'password', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (session.status === 'checking') return <Loading label="Checking your session…" />;
  if (session.status === 'signed-in' && !submitting) return <Navigate to="/admin/dashboard" replace />;

  const ready = email.trim() !== '' && password !== '';

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateLoginForm({ email, password });
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    setSubmitting(true);
    try {
      const admin = await signIn(checked.value.email, checked.value.password);
      signedIn(admin);
      navigate(destination(state), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
      if (err instanceof ApiError && err.status === 400) setFieldErrors(err.fields);
      setSubmitting(false);
    }
  }

  return (
    <div className="adm-login">
      <main id="admin-main" className="adm-login-card" tabIndex={-1}>
        <PageTitle documentTitle="Sign in">Admin Sign In</PageTitle>
        <p className="adm-muted">Sign in to manage the club's events and bookings.</p>
        {state?.signedOut && !error && (
          <p className="adm-alert adm-alert-info" role="status">
            You have been signed out.
          </p>
        )}
        {state?.from && !state.signedOut && !error && (
          <p className="adm-alert adm-alert-info" role="status">
            Please sign in to continue.
          </p>
        )}
        {error && (
          <p className="adm-alert adm-alert-error" role="alert">
            {error}
          </p>
        )}
        <form onSubmit={handleSubmit} noValidate>
          <div className="adm-field">
            <label htmlFor="adm-login-email">Email</label>
            <input
              id="adm-login-email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={submitting}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? 'adm-login-email-error' : undefined}
            />
            {fieldErrors.email && (
              <p id="adm-login-email-error" className="adm-field-error">
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div className="adm-field">
            <label htmlFor="adm-login-password">Password</label>
            <input
              id="adm-login-password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={submitting}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? 'adm-login-password-error' : undefined}
            />
            {fieldErrors.password && (
              <p id="adm-login-password-error" className="adm-field-error">
                {fieldErrors.password}
              </p>
            )}
          </div>
          <button type="submit" className="adm-button adm-button-primary adm-button-block" disabled={!ready || submitting}>
            {submitting ? 'Signing in…' : 'Sign In'}
          </button>
        </form>
      </main>
    </div>
  );
}
