import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SearchHit, SearchType } from '@core/search/search-hit';
import { isSearchableQuery } from '@core/search/search-ranking';
import { formatEpochDate, hitDescription, hitLink, hitTags, hitTitle, resultCountText } from '@core/search/search-display';
import { Dialog } from '../../../components/ui/dialog';
import { useClubConfig } from '../../../lib/club-config';
import { useSiteSearch } from '../api/search-site';
import { HighlightedText } from './highlighted-text';
import { BooksIcon, CalendarIcon, NewspaperIcon, PageIcon, SearchIcon } from '../../../components/ui/icons';

const TYPE_ICONS: Record<SearchType, typeof CalendarIcon> = { event: CalendarIcon, document: BooksIcon, news: NewspaperIcon, page: PageIcon };
const TYPE_NAMES: Record<SearchType, string> = { event: 'Event', document: 'Document', news: 'News', page: 'Page' };

type SearchStatus = 'idle' | 'loading' | 'done' | 'failed';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** Milliseconds to wait before focusing the search box (100 when opened by Ctrl/Cmd+K). */
  focusDelayMs: number;
}

export function SearchDialog({ open, onClose, focusDelayMs }: SearchDialogProps) {
  const config = useClubConfig();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState('');
  // The hit chosen with the arrow keys or the mouse, for the answer it was chosen in; a new
  // answer starts at its first hit (derived, not copied into state by an effect).
  const [picked, setPicked] = useState<{ answer: unknown; index: number } | null>(null);
  // Every keystroke searches at once (one query per text): only the answer for the text now in
  // the box is shown, the previous hits staying while it comes; an older answer never wins.
  const searchable = open && isSearchableQuery(query);
  const search = useSiteSearch(query, searchable);
  const failed = searchable && search.isError;
  const hits: SearchHit[] = searchable && !failed ? (search.data?.hits ?? []) : [];
  const status: SearchStatus = !searchable ? 'idle' : failed ? 'failed' : search.isFetching || search.isPlaceholderData || !search.data ? 'loading' : 'done';
  const provider = search.data?.provider;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (!open) return;
    const focus = () => inputRef.current?.focus();
    if (focusDelayMs <= 0) {
      focus();
      return;
    }
    const timer = window.setTimeout(focus, focusDelayMs);
    return () => window.clearTimeout(timer);
  }, [open, focusDelayMs]);

  // The answer in view (the last one stays while a newer search runs). A failed search is logged
  // only (the spec): the list is emptied without a message and nothing is active.
  const shown = searchable && !failed ? search.data : undefined;
  const active = !shown ? -1 : picked && picked.answer === shown ? picked.index : shown.hits.length > 0 ? 0 : -1;
  const setActive = (index: number) => setPicked({ answer: shown, index });
  useEffect(() => {
    if (failed) console.error('Search failed', search.error);
  }, [failed, search.error]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = (hit: SearchHit) => {
    const { href, newTab } = hitLink(hit);
    onClose();
    if (href === '#' || href === '') return;
    if (newTab) {
      window.open(href, '_blank', 'noopener,noreferrer');
    } else if (href.startsWith('/')) {
      navigate(href);
    } else {
      window.location.assign(href);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (hits.length > 0) setActive(Math.min(active + 1, hits.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length > 0) setActive(Math.max(active - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) choose(hit);
    }
  };

  const trimmed = query.trim();
  // While a newer search runs, the last answer stays in view (no flicker on every keystroke).
  const showResults = (status === 'done' || status === 'loading') && hits.length > 0;
  const shownProvider = provider ?? config.searchProvider;

  return (
    <Dialog open={open} onClose={onClose} title="Search the Members Area" hideTitle autoFocus={false} className="search-dialog">
      <div className="search-box">
        <SearchIcon size={22} className="search-box-icon" />
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          Search the Members Area
        </label>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          className="search-input"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showResults}
          aria-controls={listId}
          aria-activedescendant={showResults && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search events, documents, news..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>

      <p className="search-count" aria-live="polite">
        {status === 'loading' ? 'Searching...' : status === 'done' ? resultCountText(hits.length) : ''}
      </p>

      {/* Focusable while it lists results, so keyboard users can scroll it too. */}
      <div className="search-results" role="region" aria-label="Search results" tabIndex={showResults ? 0 : undefined}>
        {status === 'idle' && trimmed === '' && (
          <div className="search-empty">
            <p>Start typing to search across all KYC content</p>
            <ul>
              <li>Events, regattas and activities</li>
              <li>Club documents and rules</li>
              <li>News and communications</li>
              <li>Website pages and help</li>
            </ul>
          </div>
        )}
        {status === 'done' && hits.length === 0 && (
          <div className="search-empty">
            <p className="search-none">No results found for "{query}"</p>
            <p>Try different keywords or check your spelling</p>
          </div>
        )}
        <ul ref={listRef} id={listId} role="listbox" aria-label="Results" className="search-hits" hidden={!showResults}>
          {showResults &&
            hits.map((hit, index) => {
              const date = hit.type === 'event' ? formatEpochDate(hit.eventDate) : '';
              const TypeIcon = TYPE_ICONS[hit.type];
              return (
                <li
                  key={`${hit.index}-${hit.objectID}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`search-hit${index === active ? ' search-hit-active' : ''}`}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(hit)}
                >
                  <span className="search-hit-icon" data-type={hit.type}>
                    <TypeIcon size={22} />
                  </span>
                  <span className="search-hit-body">
                    <span className="visually-hidden">{TYPE_NAMES[hit.type]}: </span>
                    <span className="search-hit-title">
                      <HighlightedText segments={hitTitle(hit)} />
                    </span>
                    <span className="search-hit-description">
                      <HighlightedText segments={hitDescription(hit)} />
                    </span>
                    <span className="search-hit-meta">
                      {date !== '' && (
                        <span className="search-hit-date">
                          <CalendarIcon size={14} /> {date}
                        </span>
                      )}
                      <span className="badge">{hit.category}</span>
                      {hitTags(hit).map((tag) => (
                        <span key={tag} className="tag">
                          {tag}
                        </span>
                      ))}
                    </span>
                  </span>
                </li>
              );
            })}
        </ul>
      </div>

      <div className="search-footer">
        <span>Use ↑↓ to navigate, ↵ to select, esc to close</span>
        {shownProvider !== '' && (
          <span>
            Powered by <strong>{shownProvider}</strong>
          </span>
        )}
      </div>
    </Dialog>
  );
}
