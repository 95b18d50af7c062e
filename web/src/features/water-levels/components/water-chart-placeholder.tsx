import { Spinner } from '../../../components/ui/spinner';

/**
 * Takes the chart's place, at the chart's size, while its code or readings load: the sections
 * below it then do not jump down when it appears.
 */
export function WaterChartPlaceholder() {
  return (
    <div className="water-chart-placeholder">
      <Spinner label="Loading water levels..." />
    </div>
  );
}
