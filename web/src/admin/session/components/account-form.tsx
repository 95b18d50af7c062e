import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * The form of the admin's account pages before sign-in ("Forgot password?", the reset link's
 * page): a line of explanation, the form's error, its fields in one fieldset that is disabled
 * while the request is under way, and one full-width submit button.
 */
export function AccountForm(props: {
  intro: string;
  formError: string | null;
  legend: string;
  submitting: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <>
      <p className="adm-muted">{props.intro}</p>
      {props.formError && <Alert tone="error">{props.formError}</Alert>}
      <form onSubmit={props.onSubmit} noValidate>
        <fieldset className="form-fields" disabled={props.submitting}>
          <legend className="visually-hidden">{props.legend}</legend>
          {props.children}
        </fieldset>
        <Button type="submit" block disabled={props.submitting}>
          {props.submitting ? props.busyLabel : props.submitLabel}
        </Button>
      </form>
    </>
  );
}

/** The "Back to sign in" line under those pages. */
export function BackToSignIn() {
  return (
    <p className="adm-login-links">
      <Link to="/admin/login">Back to sign in</Link>
    </p>
  );
}
