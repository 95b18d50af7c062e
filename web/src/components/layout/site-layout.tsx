import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { useClubConfig } from '../../lib/club-config';
import { SearchProvider, useSearchDialog } from '../../features/search/exports/search-provider';
import { Spinner } from '../ui/spinner';
import { RouteErrorBoundary } from './route-error-boundary';
import { SiteHeader } from './site-header';

function Frame() {
  const config = useClubConfig();
  const { openSearch } = useSearchDialog();
  return (
    <div className="site">
      <SiteHeader onSearch={openSearch} />
      <main id="main" className="container site-main" tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            {config.clubName} Members Area · <a href={config.publicSiteUrl}>Club website</a> · <Link to={PATHS.privacy}>Privacy notice</Link>
          </p>
        </div>
      </footer>
    </div>
  );
}

/** The members' pages: header, main content and footer, with search available everywhere. */
export function SiteLayout() {
  return (
    <SearchProvider>
      <Frame />
    </SearchProvider>
  );
}
