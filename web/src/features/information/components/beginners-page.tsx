import { Link } from 'react-router-dom';
import { useClubConfig } from '../../../lib/club-config';
import { usePageTitle } from '../../../lib/use-page-title';
import { DetailsList } from '../../../components/ui/details-list';
import { LazyWaterLevelChart as WaterLevelChart } from '../../water-levels/components/lazy-water-level-chart';
import { RadioChannels } from './radio-channels';

const LINGO: [string, string][] = [
  ['Port and starboard', 'Left and right when facing the bow (the front). Port has the red light, starboard the green.'],
  ['Windward and leeward', 'Windward is the side the wind blows from; leeward is the side it blows towards.'],
  ['Tack', 'Turning the bow through the wind, so the wind comes over the other side of the boat.'],
  ['Gybe', 'Turning the stern (the back) through the wind. The boom swings across fast: keep your head down.'],
  ['Close-hauled', 'Sailing as close towards the wind as the boat will go, sails pulled in tight.'],
  ['Run', 'Sailing with the wind behind you, sails let right out.'],
  ['Sheet', 'The rope that controls a sail (not the sail itself).'],
  ['Painter', 'The rope at the bow used to tie the boat up.'],
];

export function BeginnersPage() {
  usePageTitle('Beginner Sailing Tips');
  const config = useClubConfig();
  return (
    <div className="page prose">
      <h1>Beginner Sailing Tips</h1>
      <p className="lead">New to sailing, or new to the reservoir? Start here. Ask anyone at the club: we were all beginners once.</p>

      <section aria-labelledby="before-heading">
        <h2 id="before-heading">Before you go afloat</h2>
        <ul>
          <li>Check the forecast and the flag at the clubhouse. If in doubt, don't go out.</li>
          <li>Wear a buoyancy aid whenever you are on the jetty or afloat.</li>
          <li>Fill in a trip slip so the club knows who is on the water, and sign back in when you return.</li>
          <li>Check your boat: bungs in, rudder and centreboard secure, ropes free of tangles.</li>
          <li>Sail with a buddy or when the safety boat is out until you are confident.</li>
          <li>Dress for falling in: the water is much colder than the air for most of the year.</li>
        </ul>
      </section>

      <section aria-labelledby="radio-heading">
        <h2 id="radio-heading">Using the radio</h2>
        <p>
          Channel 16 is for emergencies only. For everything else on the water call the club on channel 8, and the water
          authority on channel 77.
        </p>
        <RadioChannels />
      </section>

      <section aria-labelledby="lingo-heading">
        <h2 id="lingo-heading">Sailing lingo</h2>
        <DetailsList className="lingo" rows={LINGO} />
      </section>

      <section aria-labelledby="hull-heading">
        <h2 id="hull-heading">How fast can my boat go?</h2>
        <p>A displacement hull (one that does not plane) has a practical top speed, its hull speed:</p>
        <p className="formula">Hull speed ≈ 1.34 × √(waterline length in feet) knots</p>
        <p>
          For example, a yacht with a 25 ft waterline: √25 = 5, and 1.34 × 5 ≈ 6.7 knots. Pushing harder than this mostly
          makes a bigger wave, not more speed.
        </p>
      </section>

      <section aria-labelledby="level-heading">
        <h2 id="level-heading">Reservoir water level</h2>
        <p>When the level is low, watch for the shallows and the old wall near the north shore, and use the lower slipway.</p>
        <WaterLevelChart sourceUrl={config.waterLevelUrl} />
      </section>

      <section aria-labelledby="next-heading">
        <h2 id="next-heading">What's on</h2>
        <p>
          Training sessions and taster days are in the <Link to="/calendar">events calendar</Link>, and the latest club
          e-mails are on the <Link to="/news">news page</Link>.
        </p>
      </section>
    </div>
  );
}
