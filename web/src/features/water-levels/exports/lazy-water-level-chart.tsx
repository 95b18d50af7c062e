import { lazy, Suspense } from 'react';
import { WaterChartPlaceholder } from '../components/water-chart-placeholder';

// Below the fold on every page that shows it: loaded on its own so it stays out of the first download.
const WaterLevelChart = lazy(() => import('../components/water-level-chart').then((m) => ({ default: m.WaterLevelChart })));

export function LazyWaterLevelChart({ sourceUrl }: { sourceUrl: string }) {
  return (
    <Suspense
      fallback={
        <figure className="water-level">
          <WaterChartPlaceholder />
        </figure>
      }
    >
      <WaterLevelChart sourceUrl={sourceUrl} />
    </Suspense>
  );
}
