import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { refusalMessage } from '../../../lib/api';
import { useSwap, useSwapChanges } from '../api/duty-swaps';
import { dutyWhen } from '../../../lib/duty-when';

/**
 * The swap request an e-mail's link names (/duties?swap=<id>): the duty, who asks, and Accept
 * when the signed-in member may take it. Opening the page takes nothing: the member presses Accept.
 */
export function SwapOffer({ swapId }: { swapId: string }) {
  const swap = useSwap(swapId, true);
  const { accept } = useSwapChanges();
  return (
    <section className="card" aria-labelledby="swap-offer-title">
      <h2 id="swap-offer-title">Swap request</h2>
      {swap.isPending ? (
        <Spinner label="Loading the swap request…" />
      ) : swap.isError ? (
        <LoadFailed title={refusalMessage(swap.error, 'Failed to load the swap request')} onRetry={() => void swap.refetch()} />
      ) : (
        <>
          <p>
            {swap.data.yours ? 'You asked' : `${swap.data.fromName} asks`} for someone to take <strong>{swap.data.dutyTypeName}</strong> at {swap.data.eventName}, {dutyWhen(swap.data)}.
          </p>
          {accept.isSuccess ? (
            <Alert tone="success">Thank you: the duty is yours. It is listed under My duties.</Alert>
          ) : swap.data.status === 'taken' ? (
            <p>Someone has already taken this duty.</p>
          ) : swap.data.status === 'withdrawn' ? (
            <p>This swap request was withdrawn.</p>
          ) : swap.data.refusal !== null ? (
            <p>You cannot take it: {swap.data.refusal}.</p>
          ) : (
            <Button disabled={accept.isPending} onClick={() => accept.mutate(swapId)}>
              {accept.isPending ? 'Accepting…' : 'Accept this duty'}
            </Button>
          )}
          {accept.isError && <Alert tone="error">{refusalMessage(accept.error, 'Accepting failed. Please try again.')}</Alert>}
        </>
      )}
    </section>
  );
}
