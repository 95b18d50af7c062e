/** The small part of Square's Web Payments SDK the card step uses. */
export interface SquareTokenResult {
  status: string;
  token?: string;
  errors?: unknown[];
}

export interface SquareCard {
  attach(selector: string): Promise<void>;
  tokenize(verificationDetails?: Record<string, unknown>): Promise<SquareTokenResult>;
  destroy(): Promise<boolean | void>;
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
  setLocale?(locale: string): Promise<void> | void;
}

export interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments | Promise<SquarePayments>;
}

/** The spec's polling: every 500 ms for Square's script, every 100 ms for the card container. */
export const SCRIPT_POLL_MS = 500;
export const CONTAINER_POLL_MS = 100;
/** How long to keep polling before the form counts as failed to load. */
const SCRIPT_WAIT_MS = 15_000;
const CONTAINER_WAIT_MS = 5_000;

function squareGlobal(): SquareGlobal | null {
  const found = (window as unknown as { Square?: SquareGlobal }).Square;
  return found && typeof found.payments === 'function' ? found : null;
}

/** Polls `check` every `intervalMs` until it gives a value, `timeoutMs` passes or `signal` aborts. */
export function pollFor<T>(check: () => T | null, intervalMs: number, timeoutMs: number, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      let value: T | null;
      try {
        value = check();
      } catch (error) {
        reject(error);
        return;
      }
      if (value !== null) {
        resolve(value);
        return;
      }
      if (Date.now() - started >= timeoutMs) {
        reject(new Error('Timed out'));
        return;
      }
      window.setTimeout(tick, intervalMs);
    };
    tick();
  });
}

/**
 * Adds Square's script once (its address comes from the server, per environment) and waits for
 * `window.Square`. A script that fails to load ends the wait at once rather than at the timeout.
 */
export function loadSquareScript(scriptUrl: string, signal: AbortSignal): Promise<SquareGlobal> {
  let failed = false;
  let script = document.querySelector<HTMLScriptElement>(`script[data-square-web-payments]`);
  if (script && script.src !== scriptUrl) {
    script.remove();
    script = null;
  }
  if (!script) {
    script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.squareWebPayments = 'true';
    script.addEventListener('error', () => {
      failed = true;
      // A later attempt ("Try Again") adds the script afresh.
      script?.remove();
    });
    document.head.append(script);
  }
  return pollFor(
    () => {
      if (failed) throw new Error("Square's script did not load");
      return squareGlobal();
    },
    SCRIPT_POLL_MS,
    SCRIPT_WAIT_MS,
    signal,
  );
}

/** Waits for the element the card iframe goes into (React may not have placed it yet). */
export function waitForContainer(id: string, signal: AbortSignal): Promise<HTMLElement> {
  return pollFor(() => document.getElementById(id), CONTAINER_POLL_MS, CONTAINER_WAIT_MS, signal);
}
