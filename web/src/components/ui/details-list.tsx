import type { ReactNode } from 'react';

/**
 * A member's own record as label and value pairs (a booking on its manage page, a work-day
 * sign-up, a waiting-list entry): stacked on a phone, two columns on wider screens (ui.css).
 */
export function DetailsList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="details-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
