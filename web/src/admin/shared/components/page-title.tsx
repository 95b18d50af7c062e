import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { navigationFocus } from './route-focus';

/**
 * The page's one h1. It can take focus (tabIndex -1) so that after a route change the screen
 * reader's and the keyboard's place moves to the new page, and it names the browser tab.
 * A title that appears after the navigation (the page was still loading, or replaced the
 * element that had focus) takes the focus itself when focus was lost to the page body.
 */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${documentTitle} – Admin – Members Area`;
  }, [documentTitle]);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (navigationFocus.navigated && (active === null || active === document.body)) ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} className="adm-page-title" tabIndex={-1} data-admin-page-title="">
      {children}
    </h1>
  );
}

/** A list screen's head: its title, and beside it what the admin can start there (`create`, when they may) or other actions. */
export function PageHead({ title, create, children }: { title: string; create?: { to: string; label: string } | false; children?: ReactNode }) {
  return (
    <div className="adm-page-head">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {create && (
        <Link className="btn btn-primary" to={create.to}>
          {create.label}
        </Link>
      )}
      {children}
    </div>
  );
}
