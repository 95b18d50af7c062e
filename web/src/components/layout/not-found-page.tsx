import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="page narrow">
      <section className="card">
        <h1>Page Not Found</h1>
        <p>There is no page at this address.</p>
        <Link className="btn btn-primary" to="/">
          Members Home
        </Link>
      </section>
    </div>
  );
}
