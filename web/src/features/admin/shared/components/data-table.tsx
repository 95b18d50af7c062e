import type { ReactNode } from 'react';

/** A column heading; `numeric` right-aligns the column's figures. */
export type Column = string | { label: string; numeric: true };

/**
 * The panel's tables: a labelled region that scrolls sideways on a phone (and can be scrolled
 * with the keyboard), column headings, and the rows the screen gives. A false column is left out.
 */
export function DataTable({ label, columns, children }: { label: string; columns: (Column | false)[]; children: ReactNode }) {
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="adm-table">
        <thead>
          <tr>
            {columns.map((column) => {
              if (column === false) return null;
              const { label: heading, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
              return (
                <th key={heading} scope="col" className={numeric ? 'adm-num' : undefined}>
                  {heading}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
