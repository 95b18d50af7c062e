import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from './button';

const noChange = () => () => {};

/** The page's own origin in the browser; '' while drawn on the server (the path alone is shown then). */
function useOrigin(): string {
  return useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => '',
  );
}

export interface CopyLinkText {
  linkLabel: string;
  copy: string;
  copied: string;
  copiedStatus: string;
  copyFailed: string;
}

/**
 * A link to keep, in full in a read-only box (selected on focus, to copy by hand), and a button
 * that copies it. Once copied the button says so ("Copied") and a status line tells screen
 * readers; where the browser refuses to copy, the link is selected and the line says to copy it.
 */
export function CopyLink({ path, text }: { path: string; text: CopyLinkText }) {
  const id = useId();
  const url = `${useOrigin()}${path}`;
  const box = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<{ url: string; copied: boolean } | null>(null);
  // A different link (another booking) starts again.
  const state = outcome?.url === url ? (outcome.copied ? 'copied' : 'failed') : 'idle';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({ url, copied: true });
    } catch {
      box.current?.focus();
      box.current?.select();
      setOutcome({ url, copied: false });
    }
  };

  return (
    <div className="copy-link">
      <label className="field-label" htmlFor={id}>
        {text.linkLabel}
      </label>
      <div className="copy-link-row">
        <input ref={box} id={id} className="input copy-link-url" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button variant={state === 'copied' ? 'primary' : 'secondary'} onClick={() => void copy()}>
          {state === 'copied' ? (
            <>
              <span aria-hidden="true">✓ </span>
              {text.copied}
            </>
          ) : (
            text.copy
          )}
        </Button>
      </div>
      <p className="field-hint" role="status">
        {state === 'copied' ? text.copiedStatus : state === 'failed' ? text.copyFailed : ''}
      </p>
    </div>
  );
}
