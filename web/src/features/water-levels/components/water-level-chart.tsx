import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { readingDateInWords, readingMonthInWords } from '@core/water-levels/reading-words';
import type { WaterLevelReading } from '@core/water-levels/water-level';
import { Alert } from '../../../components/ui/alert';
import { useWaterLevels } from '../api/get-water-levels';
import { WaterChartPlaceholder } from './water-chart-placeholder';

/** Before the card is measured (and on the server's first paint), the chart is drawn at this size. */
const DEFAULT_WIDTH = 640;
const PAD = { top: 14, right: 14, bottom: 34, left: 48 };

/** A height for a width: wide and low on a desktop card, taller in proportion on a phone. */
export function chartHeight(width: number): number {
  return Math.round(Math.min(320, Math.max(190, width * 0.42)));
}

/**
 * The width of an element's content box, followed as it changes: the chart is drawn at its
 * card's real width, so its labels keep their size on a phone and on a desktop alike.
 */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.round(element.clientWidth);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

interface MonthRow {
  month: string;
  average: number;
  lowest: number;
  highest: number;
}

function monthlyRows(readings: WaterLevelReading[]): MonthRow[] {
  const groups = new Map<string, number[]>();
  for (const reading of readings) {
    const key = reading.date.slice(0, 7);
    groups.set(key, [...(groups.get(key) ?? []), reading.percentFull]);
  }
  return [...groups.entries()].map(([key, values]) => ({
    month: readingMonthInWords(`${key}-01`),
    average: Math.round(values.reduce((sum, v) => sum + v, 0) / values.length),
    lowest: Math.round(Math.min(...values)),
    highest: Math.round(Math.max(...values)),
  }));
}

function summaryOf(readings: WaterLevelReading[]): string {
  const latest = readings[readings.length - 1];
  const values = readings.map((r) => r.percentFull);
  const low = Math.round(Math.min(...values));
  const high = Math.round(Math.max(...values));
  return (
    `Latest reading: ${Math.round(latest.percentFull)}% full on ${readingDateInWords(latest.date)}. ` +
    `From ${readingDateInWords(readings[0].date)} to ${readingDateInWords(latest.date)} the level ranged from ${low}% to ${high}% full.`
  );
}

/** "Latest reading: 21 November 2026, 63% full": shown above the chart, so members know how fresh it is. */
export function latestReadingText(readings: WaterLevelReading[]): string {
  const latest = readings[readings.length - 1];
  return `Latest reading: ${readingDateInWords(latest.date)}, ${Math.round(latest.percentFull)}% full`;
}

/** The chart itself: a line of percent full against date, drawn as inline SVG. */
export function WaterLevelPlot({ readings, labelledBy, width: WIDTH = DEFAULT_WIDTH }: { readings: WaterLevelReading[]; labelledBy: string; width?: number }) {
  const HEIGHT = chartHeight(WIDTH);
  const first = dayNumber(readings[0].date);
  const last = dayNumber(readings[readings.length - 1].date);
  const span = Math.max(last - first, 1);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (date: string) => PAD.left + ((dayNumber(date) - first) / span) * innerW;
  const y = (percent: number) => PAD.top + (1 - percent / 100) * innerH;
  const line = readings.map((r, i) => `${i === 0 ? 'M' : 'L'}${x(r.date).toFixed(1)},${y(r.percentFull).toFixed(1)}`).join(' ');
  const area = `${line} L${x(readings[readings.length - 1].date).toFixed(1)},${y(0)} L${x(readings[0].date).toFixed(1)},${y(0)} Z`;
  // On a narrow card every other month is named, so the names never run into each other.
  const monthStep = WIDTH < 520 ? 2 : 1;
  const monthTicks = readings.filter((r) => r.date.endsWith('-01')).filter((_, i, all) => (all.length - 1 - i) % monthStep === 0);

  return (
    <svg
      className="water-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-labelledby={labelledBy}
      preserveAspectRatio="xMidYMid meet"
    >
      {[0, 25, 50, 75, 100].map((p) => (
        <g key={p}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(p)} y2={y(p)} className="water-chart-grid" />
          <text x={PAD.left - 8} y={y(p) + 5} textAnchor="end" className="water-chart-label">
            {p}%
          </text>
        </g>
      ))}
      {monthTicks.map((r) => (
        <text key={r.date} x={x(r.date)} y={HEIGHT - PAD.bottom + 22} textAnchor="middle" className="water-chart-label">
          {MONTHS[Number(r.date.slice(5, 7)) - 1]}
        </text>
      ))}
      <path d={area} className="water-chart-area" />
      <path d={line} className="water-chart-line" />
    </svg>
  );
}

/** The reservoir section: chart, its text alternative (summary and a monthly table) and the outside link. */
export function WaterLevelChart({ sourceUrl }: { sourceUrl: string }) {
  const state = useWaterLevels();
  const summaryId = useId();
  const [figureRef, width] = useWidth<HTMLElement>();

  return (
    <figure className="water-level" ref={figureRef}>
      {state.status === 'pending' && <WaterChartPlaceholder />}
      {state.status === 'error' && <Alert tone="error">Water levels are not available at the moment.</Alert>}
      {state.status === 'success' && state.data.length === 0 && <p>No water-level readings yet.</p>}
      {state.status === 'success' && state.data.length > 0 && (
        <>
          <p className="water-level-latest">{latestReadingText(state.data)}</p>
          <WaterLevelPlot readings={state.data} labelledBy={summaryId} width={width} />
          <figcaption id={summaryId} className="water-level-summary">
            Reservoir level, percent full. {summaryOf(state.data)}
          </figcaption>
          <details className="water-level-table">
            <summary>Show the readings as a table</summary>
            <div className="table-scroll">
              <table>
                <caption>Reservoir level by month (percent full)</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Average</th>
                    <th scope="col">Lowest</th>
                    <th scope="col">Highest</th>
                  </tr>
                </thead>
                <tbody>
                  {monthlyRows(state.data).map((row) => (
                    <tr key={row.month}>
                      <th scope="row">{row.month}</th>
                      <td>{row.average}%</td>
                      <td>{row.lowest}%</td>
                      <td>{row.highest}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
      {sourceUrl !== '' && (
        <p>
          <a href={sourceUrl} target="_blank" rel="noopener noreferrer">
            Current reservoir levels from the water authority <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </p>
      )}
    </figure>
  );
}
