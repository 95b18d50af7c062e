import type { ReactNode } from 'react';

export type BadgeTone = 'blue' | 'green' | 'amber' | 'grey' | 'purple' | 'red';

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`adm-badge adm-badge-${tone}`}>{children}</span>;
}
