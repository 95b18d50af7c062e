import { Link } from 'react-router-dom';
import { PageTitle } from './page-title';

export function NotFoundPage() {
  return (
    <>
      <PageTitle documentTitle="Page not found">Page not found</PageTitle>
      <p>There is no admin page at this address.</p>
      <Link className="btn btn-secondary" to="/admin/dashboard">
        Back to Dashboard
      </Link>
    </>
  );
}
