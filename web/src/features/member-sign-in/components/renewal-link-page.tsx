import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { RENEW_PATH } from '@core/membership/membership-reminder-mail';
import { LinkNotValidPage, TokenLinkPage } from '../../../components/layout/link-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { refusalMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignInWithRenewalLink } from '../api/renewal-link';

function LinkNotValid() {
  return (
    <LinkNotValidPage title="Renewal link not valid">
      <p>This link is not complete. Use the link in your e-mail, or sign in with your e-mail address.</p>
      <p>
        <Link to={PATHS.signIn}>Sign in</Link>
      </p>
    </LinkNotValidPage>
  );
}

/**
 * /sign-in/renewal?token=…, the page a renewal reminder's link opens (docs/member-sign-in.md,
 * "Renewal links"). Opening it signs no one in: mail systems fetch links to scan them, so the
 * member presses the button, whose POST signs in, and the renewal opens.
 */
export function RenewalLinkPage() {
  return <TokenLinkPage notValid={<LinkNotValid />}>{(token) => <RenewalSignIn token={token} />}</TokenLinkPage>;
}

function RenewalSignIn({ token }: { token: string }) {
  usePageTitle('Renew your membership');
  const navigate = useNavigate();
  const signIn = useSignInWithRenewalLink(token);
  const go = () => signIn.mutate(undefined, { onSuccess: () => void navigate(RENEW_PATH, { replace: true }) });
  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="renewal-link-title">
        <h1 id="renewal-link-title">Renew your membership</h1>
        <p>Continue to sign in and open the renewal of your membership.</p>
        {signIn.isError && (
          <Alert tone="error">
            {refusalMessage(signIn.error, 'You could not be signed in just now. Please try again.')} <Link to={PATHS.signIn}>Sign in with your e-mail</Link>
          </Alert>
        )}
        <Button disabled={signIn.isPending} onClick={go}>
          {signIn.isPending ? 'Signing in...' : 'Sign in and renew'}
        </Button>
      </section>
    </div>
  );
}
