import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** A column heading; `numeric` right-aligns the column's figures. */
export type Column = string | { label: string; numeric: true };

/** The words that tell an admin a table goes on beyond the right edge. */
export const SCROLL_CUE = 'Scroll sideways to see every column.';

/**
 * The panel's tables: a labelled region that can be scrolled with the keyboard, column headings,
 * and the rows the screen gives. A false column is left out.
 *
 * On a phone (admin.css) each row is drawn as a card: its row heading on top, then each cell
 * under its column's heading, so every column and every action is on screen without scrolling
 * sideways. The headings are written on the cells here (data-label), once for every table.
 * Where the table is wider than its region (a laptop and many columns), a cue above it says so
 * and the region's edge shows a shadow, so no column is hidden without a sign.
 */
export function DataTable({ label, columns, children }: { label: string; columns: (Column | false)[]; children: ReactNode }) {
  const shown = columns
    .filter((column): column is Column => column !== false)
    .map((column) => (typeof column === 'string' ? { label: column, numeric: false } : column));
  const wrap = useRef<HTMLDivElement>(null);
  const cueId = useId();
  const [overflows, setOverflows] = useState(false);
  const headings = shown.map((column) => column.label).join('\u0000');

  // Each body cell carries its column's heading, for the phone's cards (after every render: rows come and go).
  useLayoutEffect(() => {
    const labels = headings.split('\u0000');
    const body = wrap.current?.querySelector('tbody');
    if (!body) return;
    for (const row of Array.from(body.rows)) {
      let index = 0;
      for (const cell of Array.from(row.cells)) {
        const heading = labels[index] ?? '';
        if (cell.getAttribute('data-label') !== heading) cell.setAttribute('data-label', heading);
        index += Math.max(1, cell.colSpan);
      }
    }
  });

  // Whether the table is wider than its region: measured once drawn, and again whenever either is
  // resized (the window, fonts arriving, rows coming and going).
  useEffect(() => {
    const region = wrap.current;
    if (!region) return;
    const measure = () => setOverflows(region.scrollWidth > region.clientWidth + 1);
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    void document.fonts?.ready.then(measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(region);
    const table = region.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  return (
    <div className="adm-table-box">
      {overflows && (
        <p className="adm-table-cue" id={cueId}>
          {SCROLL_CUE} <span aria-hidden="true">→</span>
        </p>
      )}
      <div
        ref={wrap}
        className={overflows ? 'adm-table-wrap adm-table-scrolls' : 'adm-table-wrap'}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-describedby={overflows ? cueId : undefined}
      >
        <table className="adm-table">
          <thead>
            <tr>
              {shown.map(({ label: heading, numeric }) => (
                <th key={heading} scope="col" className={numeric ? 'adm-num' : undefined}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}
