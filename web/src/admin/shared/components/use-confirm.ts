import { useState } from 'react';

/** What useConfirm needs of a write made with useMutation. */
export interface ConfirmMutation<T> {
  mutate: (target: T, options: { onSettled: () => void }) => void;
  isPending: boolean;
}

/**
 * Something waiting for the admin's yes in a ConfirmDialog (the event to delete, the reading to
 * remove): `ask` opens the dialog about it; `dialog` is the dialog's open, busy, onConfirm and
 * onCancel. Confirmed, the mutation runs once with the dialog busy (its isPending), and the
 * dialog closes afterwards, however it went (the mutation's callbacks tell the admin the outcome).
 */
export function useConfirm<T>(mutation: ConfirmMutation<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const busy = mutation.isPending;

  function confirm() {
    if (target === null || busy) return;
    mutation.mutate(target, { onSettled: () => setTarget(null) });
  }

  return { target, ask: (next: T) => setTarget(next), busy, dialog: { open: target !== null, busy, onConfirm: confirm, onCancel: () => setTarget(null) } };
}
