import { Link } from 'react-router-dom';
import { relativeTime } from '@core/news/news';
import { newsItemPath } from '@core/shared/paths';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaigns } from '../api/news-reads';
import { LoadStatus } from '../../../components/ui/load-failed';

const FETCH_FAILED = 'Failed to fetch communications';

function failureMessage(error: unknown): string {
  // The server words a provider failure itself ('Failed to fetch communications: <status text>').
  if (error instanceof ApiError && error.message.startsWith(FETCH_FAILED)) return error.message;
  return FETCH_FAILED;
}

export function NewsPage() {
  usePageTitle('News');
  const state = useCampaigns();
  const now = new Date();

  return (
    <div className="page">
      <h1>Recent Emails</h1>
      <p className="lead">The latest e-mails the club has sent to members.</p>
      <LoadStatus state={state} loading="Loading communications..." failed={failureMessage} />
      {state.status === 'success' && state.data.length === 0 && (
        <div className="empty-state">
          <h2>No Recent Communications</h2>
          <p>When the club sends an e-mail to members it will appear here.</p>
          <Link to="/calendar">View Events Calendar</Link>
        </div>
      )}
      {state.status === 'success' && state.data.length > 0 && (
        <ul className="news-list">
          {state.data.map((campaign) => (
            <li key={campaign.id} className="card news-item">
              <div>
                <h2 className="news-subject">{campaign.subject}</h2>
                <p className="news-time">
                  {campaign.finished_at ? <time dateTime={campaign.finished_at}>{relativeTime(campaign.finished_at, now)}</time> : relativeTime(null, now)}
                </p>
                {campaign.excerpt && <p className="news-excerpt">{campaign.excerpt}</p>}
              </div>
              {campaign.news_page ? (
                // Stored in the club's database (written in the app, or imported with its text): the club's own page, in this tab.
                <Link className="btn btn-primary" to={newsItemPath(campaign.id)}>
                  Read Email <span className="visually-hidden">: {campaign.subject}</span>
                </Link>
              ) : campaign.preview_url ? (
                <a className="btn btn-primary" href={campaign.preview_url} target="_blank" rel="noopener noreferrer">
                  Read Email <span className="visually-hidden">: {campaign.subject} (opens in a new tab)</span>
                </a>
              ) : (
                <button type="button" className="btn btn-secondary" disabled>
                  Preview Unavailable
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
