import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SitePageSlug } from '@core/site-pages/site-page';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { LoadStatus } from '../../../components/ui/load-failed';
import { LazyWaterLevelChart as WaterLevelChart } from '../../water-levels/exports/lazy-water-level-chart';
import { useSitePage } from '../api/site-page-read';

/**
 * A club page whose words admins edit (Beginners, Information, Privacy notice), and what the page
 * adds after them (`children`). Its body is HTML that the server
 * rendered from the admins' Markdown and cleaned against the news items' allow-list
 * (core/news/news-body.ts): no script, no event handler, no javascript: link can be in it. The
 * water-level chart, which Markdown cannot hold, is drawn where the page's chart line stands.
 */
export function SitePageView({ slug, title, children }: { slug: SitePageSlug; title: string; children?: ReactNode }) {
  const state = useSitePage(slug);
  const config = useClubConfig();
  const shownTitle = state.status === 'success' ? state.data.title : title;
  usePageTitle(shownTitle);
  const body = useRef<HTMLDivElement>(null);
  useInAppLinks(body);

  return (
    <div className="page prose site-page">
      <h1>{shownTitle}</h1>
      <LoadStatus state={state} loading="Loading page..." failed="Failed to load this page" />
      {state.status === 'success' && (
        <div className="site-page-body" ref={body}>
          {state.data.parts.map((part, i) =>
            part.kind === 'html' ? (
              <div key={i} className="site-page-html" dangerouslySetInnerHTML={{ __html: part.html }} />
            ) : (
              <WaterLevelChart key={i} sourceUrl={config.waterLevelUrl} />
            ),
          )}
        </div>
      )}
      {children}
    </div>
  );
}

/**
 * Links in the page's HTML to the app's own pages (/calendar, /news...) open in the app, as the
 * router's links do, rather than loading the whole site again; links elsewhere open as they are.
 */
function useInAppLinks(container: RefObject<HTMLDivElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a');
      const href = link?.getAttribute('href');
      if (!link || !href || !href.startsWith('/') || href.startsWith('//') || link.target !== '') return;
      if (href.startsWith('/api/')) return;
      event.preventDefault();
      void navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  });
}
