import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';

/** A one-off message handed to the next screen through the router's location state. */
export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

export function readFlash(state: unknown): Flash | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  const flash = (state as { flash: unknown }).flash;
  if (typeof flash !== 'object' || flash === null) return null;
  const { kind, message } = flash as Partial<Flash>;
  if ((kind !== 'success' && kind !== 'error') || typeof message !== 'string') return null;
  return { kind, message };
}

/** A screen's latest message (a flash handed over, or the outcome of an action), or none. */
export type Notice = Flash | null;

/** Where a screen's notice shows; read out politely as it changes. */
export function NoticeArea({ notice }: { notice: Notice }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {notice && <Alert tone={notice.kind}>{notice.message}</Alert>}
    </div>
  );
}

/**
 * A screen's notice, starting with the flash it was handed (if any). The flash was for this
 * arrival only: it is taken out of the history entry, so a reload or Back does not show it again.
 */
export function useFlashNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useState<Notice>(() => readFlash(location.state));
  useEffect(() => {
    if (readFlash(location.state)) navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  return notice;
}
