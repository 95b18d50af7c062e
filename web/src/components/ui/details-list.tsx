import type { ReactNode } from 'react';

/**
 * A member's own record as label and value pairs (a booking on its manage page, a work-day
 * sign-up, a waiting-list entry): stacked on a phone, two columns on wider screens (ui.css).
 * The admin's booking page gives it its own look (`className`).
 */
export function DetailsList({ rows, className = 'details-list' }: { rows: readonly (readonly [label: string, value: ReactNode])[]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
