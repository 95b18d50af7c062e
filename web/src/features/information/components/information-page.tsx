import { Link } from 'react-router-dom';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { LazyWaterLevelChart as WaterLevelChart } from '../../water-levels/components/lazy-water-level-chart';
import { RadioChannels } from './radio-channels';

export function InformationPage() {
  usePageTitle('Club Information');
  const config = useClubConfig();
  return (
    <div className="page prose">
      <h1>Club Information</h1>
      <p className="lead">The practical things every member of {config.clubName} needs to know.</p>

      <section aria-labelledby="noticeboard-heading">
        <h2 id="noticeboard-heading">The noticeboard</h2>
        <p>
          The noticeboard in the clubhouse carries the duty rota, race results, lost and found, boats for sale and any
          temporary hazards on the water. Check it every time you arrive.
        </p>
      </section>

      <section aria-labelledby="trip-heading">
        <h2 id="trip-heading">Trip slips</h2>
        <p>
          Before you leave the jetty, fill in a trip slip with your boat, crew and expected return time, and put it in the
          box by the jetty gate. When you are back ashore, take your slip out again. An uncollected slip after dark starts a
          search, so please never forget it.
        </p>
      </section>

      <section aria-labelledby="radio-info-heading">
        <h2 id="radio-info-heading">Radio channels</h2>
        <p>Channel 16 is for emergencies only. The club listens on channel 8 and the water authority on channel 77.</p>
        <RadioChannels />
      </section>

      <section aria-labelledby="moorings-heading">
        <h2 id="moorings-heading">Moorings and overnight stays</h2>
        <p>
          Overnight stays on the moorings are allowed for members. The map of the overnight moorings, the water-authority
          rules and the membership fees are in the <Link to="/documents">member documents</Link>.
        </p>
      </section>

      <section aria-labelledby="level-info-heading">
        <h2 id="level-info-heading">Reservoir water level</h2>
        <WaterLevelChart sourceUrl={config.waterLevelUrl} />
      </section>

      <section aria-labelledby="keep-heading">
        <h2 id="keep-heading">Keeping up to date</h2>
        <p>
          Read the latest club e-mails on the <Link to="/news">news page</Link> and see what's coming up in the{' '}
          <Link to="/calendar">events calendar</Link>.
        </p>
      </section>
    </div>
  );
}
