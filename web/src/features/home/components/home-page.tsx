import { Link } from 'react-router-dom';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSearchDialog } from '../../search/exports/search-provider';
import { LazyWaterLevelChart } from '../../water-levels/exports/lazy-water-level-chart';
import { LazyMemberPhotos } from './lazy-member-photos';
import { SearchIcon } from '../../../components/ui/icons';

/** Home's first screen: the welcome, the club's feedback address, search and the two main links. */
function HomeHero() {
  const config = useClubConfig();
  const { openSearch } = useSearchDialog();
  return (
    <section className="hero">
      <h1>Welcome to the Members Area</h1>
      <p className="lead">Events, news, documents and bookings for members of {config.clubName}.</p>
      {config.feedbackEmail !== '' && (
        <p>
          Something missing or not working? Send your feedback to <a href={`mailto:${config.feedbackEmail}`}>{config.feedbackEmail}</a>.
        </p>
      )}
      <button type="button" className="search-launch" onClick={openSearch} aria-keyshortcuts="Control+K Meta+K">
        <SearchIcon size={22} className="search-launch-icon" />
        <span>Search Members Area</span>
        <kbd aria-hidden="true">Ctrl K</kbd>
      </button>
      <div className="hero-links">
        <Link className="btn btn-primary" to="/calendar">
          View Events Calendar
        </Link>
        <Link className="btn btn-secondary" to="/news">
          Recent News
        </Link>
      </div>
    </section>
  );
}

export function HomePage() {
  const config = useClubConfig();
  usePageTitle('Members Home');

  return (
    <div className="page home-page">
      <HomeHero />

      <div className="home-grid">
        <section className="card" aria-labelledby="water-level-heading">
          <h2 id="water-level-heading">Reservoir Water Level</h2>
          <p>The level of the reservoir over the last year. Low water can close slipways and expose hazards.</p>
          <LazyWaterLevelChart sourceUrl={config.waterLevelUrl} />
        </section>

        <LazyMemberPhotos />

        <section className="card water-safety" aria-labelledby="water-safety-heading">
          <h2 id="water-safety-heading">Water Safety</h2>
          <p>
            Cold water shock can affect anyone, even strong swimmers and on warm days. Always wear a buoyancy aid, sail with a buddy and tell someone ashore
            when you expect to be back.
          </p>
          {config.waterSafetyUrl !== '' && (
            <p>
              <a href={config.waterSafetyUrl} target="_blank" rel="noopener noreferrer">
                Learn more from the water safety campaign <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
