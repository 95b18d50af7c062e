import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';

// Below the fold on every page that shows it: loaded on its own so it stays out of the first download.
const WaterLevelChart = lazy(() => import('./water-level-chart').then((m) => ({ default: m.WaterLevelChart })));

export function LazyWaterLevelChart({ sourceUrl }: { sourceUrl: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading water levels..." />}>
      <WaterLevelChart sourceUrl={sourceUrl} />
    </Suspense>
  );
}
