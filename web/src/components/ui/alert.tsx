import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'info' | 'success' | 'warning';

/** A message box; errors are announced at once (role alert), the rest politely (role status). */
export function Alert({ tone = 'info', title, children }: { tone?: AlertTone; title?: string; children?: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title !== undefined && <p className="alert-title">{title}</p>}
      {children}
    </div>
  );
}
