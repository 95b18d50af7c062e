import { SitePageView } from './site-page-view';

/** Beginner Sailing Tips (/beginners): words admins edit (Admin → Pages). */
export function BeginnersPage() {
  return <SitePageView slug="beginners" title="Beginner Sailing Tips" />;
}
