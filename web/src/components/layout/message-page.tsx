import type { ReactNode } from 'react';

/** A page that is one message: not found, nothing chosen; its heading and what to do next. */
export function MessagePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page narrow">
      <section className="card">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}
