import { Link } from 'react-router-dom';
import { PageTitle } from './page-title';
import { Alert } from '../../../components/ui/alert';

/** Shown instead of a screen the admin may not use; names the permission they would need. */
export function AccessDenied({ message, permission }: { message: string; permission: string | null }) {
  return (
    <section className="adm-denied" aria-labelledby="adm-denied-title">
      <PageTitle documentTitle="Access Denied">
        <span id="adm-denied-title">Access Denied</span>
      </PageTitle>
      <Alert tone="error">{message}</Alert>
      {permission && (
        <p>
          Required permission: <code className="adm-permission">{permission}</code>
        </p>
      )}
      <p>Ask an administrator who can manage admins to give you this permission.</p>
      <Link className="btn btn-secondary" to="/admin/dashboard">
        Back to Dashboard
      </Link>
    </section>
  );
}
