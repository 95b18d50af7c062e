import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

// The dialog (with its date formatting and result schemas) is fetched when the browser is idle
// a while after the page has loaded, so it never competes with the page for the line or the
// processor (the load event comes before a page's data has been drawn: its code and data were
// preloaded); it is usually in the cache long before anyone presses Ctrl+K.
const loadSearchDialog = () => import('../components/search-dialog');
const PRELOAD_AFTER_LOAD_MS = 3000;
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));

/** The spec's delay before the search box takes focus when opened by Ctrl/Cmd+K. */
export const SHORTCUT_FOCUS_DELAY_MS = 100;

interface SearchControls {
  openSearch: () => void;
}

const SearchContext = createContext<SearchControls>({ openSearch: () => undefined });

/** Holds the search dialog for every page and opens it on Ctrl/Cmd+K. */
export function SearchProvider({ children }: { children: ReactNode }) {
  // Each opening is numbered: the dialog is keyed by it, so it opens with an empty box every time,
  // and once opened it stays mounted (closed) so the next opening is instant.
  const [dialog, setDialog] = useState({ open: false, openings: 0, focusDelayMs: 0 });
  const show = useCallback((focusDelayMs: number) => {
    setDialog((current) => (current.open ? { ...current, focusDelayMs } : { open: true, openings: current.openings + 1, focusDelayMs }));
  }, []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    let timer: number | undefined;
    const preload = () => {
      timer = window.setTimeout(
        () =>
          idle(() => {
            loadSearchDialog().catch(() => undefined);
          }),
        PRELOAD_AFTER_LOAD_MS,
      );
    };
    if (document.readyState === 'complete') preload();
    else window.addEventListener('load', preload, { once: true });
    return () => {
      window.removeEventListener('load', preload);
      window.clearTimeout(timer);
    };
  }, []);

  const openSearch = useCallback(() => show(0), [show]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show(SHORTCUT_FOCUS_DELAY_MS);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show]);

  const controls = useMemo(() => ({ openSearch }), [openSearch]);
  return (
    <SearchContext.Provider value={controls}>
      {children}
      {dialog.openings > 0 && (
        <Suspense fallback={null}>
          <SearchDialog
            key={dialog.openings}
            open={dialog.open}
            onClose={() => setDialog((current) => ({ ...current, open: false }))}
            focusDelayMs={dialog.focusDelayMs}
          />
        </Suspense>
      )}
    </SearchContext.Provider>
  );
}

export function useSearchDialog(): SearchControls {
  return useContext(SearchContext);
}
