import { useEffect, type ReactNode } from 'react';

/**
 * The page's one h1. It can take focus (tabIndex -1) so that after a route change the screen
 * reader's and the keyboard's place moves to the new page, and it names the browser tab.
 */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle: string }) {
  useEffect(() => {
    document.title = `${documentTitle} – Admin – Members Area`;
  }, [documentTitle]);
  return (
    <h1 className="adm-page-title" tabIndex={-1} data-admin-page-title="">
      {children}
    </h1>
  );
}
