import { useState } from 'react';

/**
 * Something waiting for the admin's yes in a ConfirmDialog (the event to delete, the reading to
 * remove): `ask` opens the dialog about it; `dialog` is the dialog's open, busy, onConfirm and
 * onCancel. Confirmed, `act` runs once with the dialog busy, and the dialog closes afterwards,
 * however it went (`act` tells the admin the outcome).
 */
export function useConfirm<T>(act: (target: T) => Promise<void>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    try {
      await act(target);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  return {
    target,
    ask: (next: T) => setTarget(next),
    busy,
    dialog: { open: target !== null, busy, onConfirm: () => void confirm(), onCancel: () => setTarget(null) },
  };
}
