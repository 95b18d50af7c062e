import { useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS, RETURN_TO_PARAM, returnPathOf } from '@core/shared/paths';
import { SignInCodeCheckSchema, SignInCodeRequestSchema, type SignInCodeRequest } from '@core/member-sign-in/member-sign-in';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { useForm } from 'react-hook-form';
import { bindField, schemaResolver, showRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMemberSession } from '../exports/member-session';
import { useRequestSignInCode, useSignInWithCode } from '../api/sign-in-with-code';
import { PasskeyCancelled, usePasskeySupport, useSignInWithPasskey } from '../api/passkeys';

const SEND_FAILED = 'The request could not be sent. Please try again.';
const SIGN_IN_FAILED = 'Signing in failed. Please try again.';

/** The server's message for a refusal it explains, else ours. */
function refusal(error: unknown, fallback: string): string {
  return error instanceof ApiError && [400, 403, 429].includes(error.status) ? error.message : fallback;
}

/** The e-mailed link's e-mail and code, after `#` (never sent to the server), or null. */
function linkOf(hash: string): { email: string; code: string } | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const email = fragment.get('email');
  const code = fragment.get('code');
  return email && code ? { email, code } : null;
}

const noChanges = () => () => {};

/**
 * What follows `#` in the address: '' while the page hydrates (as the server, which never sees
 * it, drew the page), then the browser's.
 */
function useAddressHash(): string {
  return useSyncExternalStore(
    noChanges,
    () => window.location.hash,
    () => '',
  );
}

type Step = { name: 'email'; email: string } | { name: 'code'; email: string; message: string };

/**
 * /sign-in: a member signs in with an e-mailed code. The e-mailed link opens this page with the
 * e-mail and code after `#`; opening it signs no one in (mail scanners open links): the member
 * presses "Sign in". Signed in (by code or passkey), the member returns to `?returnTo=` when it is a
 * path of this site (returnPathOf refuses any other), else goes to My club (docs/member-sign-in.md).
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const session = useMemberSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = returnPathOf(params.get(RETURN_TO_PARAM));
  const [step, setStep] = useState<Step>({ name: 'email', email: '' });
  const hash = useAddressHash();
  // The link's e-mail and code, until the member turns to the form instead.
  const [linkSetAside, setLinkSetAside] = useState(false);
  const link = linkSetAside ? null : linkOf(hash);
  // The sign-in page leaves the history: Back from the page returned to goes where the member was before.
  const signedIn = () => void navigate(returnTo ?? PATHS.myClub, { replace: returnTo !== null });
  const member = session.data?.member ?? null;

  return (
    <div className="page narrow">
      <section className="card sign-in" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in</h1>
        {link ? (
          <LinkStep
            email={link.email}
            code={link.code}
            onSignedIn={signedIn}
            onRestart={() => {
              setLinkSetAside(true);
              setStep({ name: 'email', email: link.email });
            }}
          />
        ) : member ? (
          <>
            <p>
              You are signed in as <strong>{member.name}</strong>.
            </p>
            <p>{returnTo !== null ? <Link to={returnTo}>Continue where you were</Link> : <Link to={PATHS.myClub}>Go to My club</Link>}</p>
          </>
        ) : step.name === 'email' ? (
          <>
            <EmailStep email={step.email} onSent={(email, message) => setStep({ name: 'code', email, message })} />
            <PasskeyStep onSignedIn={signedIn} />
            <p>
              Not a member? <Link to={PATHS.join}>Join the club</Link>
            </p>
          </>
        ) : (
          <CodeStep email={step.email} message={step.message} onSignedIn={signedIn} onRestart={() => setStep({ name: 'email', email: step.email })} />
        )}
      </section>
    </div>
  );
}

const EMAIL_FIELD = ['email'] as const;
const CODE_FIELD = ['code'] as const;

function EmailStep({ email, onSent }: { email: string; onSent: (email: string, message: string) => void }) {
  const request = useRequestSignInCode();
  // The server's request schema, its messages at a submit, each cleared as its field changes.
  const form = useForm<SignInCodeRequest>({
    defaultValues: { email },
    resolver: schemaResolver(SignInCodeRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, EMAIL_FIELD, () => 'sign-in-email');
  const send = (values: SignInCodeRequest) =>
    request.mutateAsync(values.email.trim()).then(
      (answer) => onSent(values.email.trim(), answer.message),
      (error: unknown) =>
        focusFirst(showRefusal(form, EMAIL_FIELD, error instanceof ApiError && error.status === 400 ? error.fields : {}, refusal(error, SEND_FAILED))),
    );
  return (
    <>
      <p>Members of the club sign in with their e-mail address: we e-mail you a 6-digit code. No password needed.</p>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <form onSubmit={submitOnce(form, send, focusFirst)} noValidate>
        <fieldset className="form-fields" disabled={submitting}>
          <legend className="visually-hidden">Your e-mail address</legend>
          <InputField
            id="sign-in-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...bindField(form, 'email', { clear: true })}
          />
        </fieldset>
        <Button type="submit" block disabled={submitting}>
          {submitting ? 'Sending…' : 'Email me a code'}
        </Button>
      </form>
    </>
  );
}

function CodeStep({ email, message, onSignedIn, onRestart }: { email: string; message: string; onSignedIn: () => void; onRestart: () => void }) {
  const signIn = useSignInWithCode();
  const form = useForm<{ email: string; code: string }>({
    defaultValues: { email, code: '' },
    resolver: schemaResolver(SignInCodeCheckSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, CODE_FIELD, () => 'sign-in-code');
  const send = (values: { email: string; code: string }) =>
    signIn.mutateAsync(values).then(onSignedIn, (error: unknown) => {
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
      // A refused code is said once, beside the field.
      focusFirst(showRefusal(form, CODE_FIELD, fields, fields.code ? null : refusal(error, SIGN_IN_FAILED)));
    });
  return (
    <>
      <Alert tone="success" title="Check your e-mail">
        <p>{message}</p>
      </Alert>
      <p>
        Signing in as <strong>{email}</strong>.
      </p>
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <form onSubmit={submitOnce(form, send, focusFirst)} noValidate>
        <fieldset className="form-fields" disabled={submitting}>
          <legend className="visually-hidden">The code from the e-mail</legend>
          <InputField
            id="sign-in-code"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            error={errors.code?.message}
            {...bindField(form, 'code', { clear: true })}
          />
        </fieldset>
        <Button type="submit" block disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p className="sign-in-links">
        <Button variant="ghost" onClick={onRestart}>
          Use another e-mail or ask for a new code
        </Button>
      </p>
    </>
  );
}

function LinkStep({ email, code, onSignedIn, onRestart }: { email: string; code: string; onSignedIn: () => void; onRestart: () => void }) {
  const signIn = useSignInWithCode();
  return (
    <>
      <p>
        Sign in as <strong>{email}</strong> with the code from your e-mail.
      </p>
      {signIn.isError && <Alert tone="error">{refusal(signIn.error, SIGN_IN_FAILED)}</Alert>}
      <Button block disabled={signIn.isPending} onClick={() => signIn.mutate({ email, code }, { onSuccess: onSignedIn })}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="sign-in-links">
        <Button variant="ghost" onClick={onRestart}>
          {signIn.isError ? 'Ask for a new code' : 'Use another e-mail'}
        </Button>
      </p>
    </>
  );
}

/**
 * "Sign in with a passkey", for a member who added one on My club: no e-mail needed (the device
 * offers its passkeys for this site). Shown only once the page has hydrated and only where the
 * browser can use passkeys, so the first drawing matches the server's.
 */
function PasskeyStep({ onSignedIn }: { onSignedIn: () => void }) {
  const supported = usePasskeySupport();
  const signIn = useSignInWithPasskey();
  if (supported !== true) return null;
  return (
    <div className="sign-in-passkey">
      <p>Added a passkey on My club? Use it instead of a code.</p>
      {signIn.isError && <Alert tone="error">{signIn.error instanceof PasskeyCancelled ? signIn.error.message : refusal(signIn.error, SIGN_IN_FAILED)}</Alert>}
      <Button variant="secondary" block disabled={signIn.isPending} onClick={() => signIn.mutate(undefined, { onSuccess: onSignedIn })}>
        {signIn.isPending ? 'Signing in…' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
