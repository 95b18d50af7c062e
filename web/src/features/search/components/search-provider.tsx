import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

// The dialog (with its date formatting and result schemas) is fetched when the browser is idle
// after the page has loaded, so it never competes with the page for the line or the processor;
// it is usually in the cache long before anyone presses Ctrl+K.
const loadSearchDialog = () => import('./search-dialog');
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));

/** The spec's delay before the search box takes focus when opened by Ctrl/Cmd+K. */
export const SHORTCUT_FOCUS_DELAY_MS = 100;

interface SearchControls {
  openSearch: () => void;
}

const SearchContext = createContext<SearchControls>({ openSearch: () => undefined });

/** Holds the search dialog for every page and opens it on Ctrl/Cmd+K. */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [focusDelayMs, setFocusDelayMs] = useState(0);

  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    const preload = () =>
      idle(() => {
        loadSearchDialog().catch(() => undefined);
      });
    if (document.readyState === 'complete') {
      preload();
      return;
    }
    window.addEventListener('load', preload, { once: true });
    return () => window.removeEventListener('load', preload);
  }, []);

  const openSearch = useCallback(() => {
    setFocusDelayMs(0);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setFocusDelayMs(SHORTCUT_FOCUS_DELAY_MS);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const controls = useMemo(() => ({ openSearch }), [openSearch]);
  return (
    <SearchContext.Provider value={controls}>
      {children}
      {(open || used) && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} focusDelayMs={focusDelayMs} />
        </Suspense>
      )}
    </SearchContext.Provider>
  );
}

export function useSearchDialog(): SearchControls {
  return useContext(SearchContext);
}
