import type { ReactNode } from 'react';

/**
 * A member's records as a list (`className`, default the My club list's look), or `empty` in a
 * paragraph when there are none. `children` draws one item, with its key.
 */
export function ListOrEmpty<T>({
  items,
  empty,
  className = 'my-bookings',
  children,
}: {
  items: readonly T[];
  empty: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return items.length === 0 ? <p>{empty}</p> : <ul className={className}>{items.map(children)}</ul>;
}
