import { SitePageView } from './site-page-view';

/** Club Information (/information): words admins edit (Admin → Pages). */
export function InformationPage() {
  return <SitePageView slug="information" title="Club Information" />;
}
