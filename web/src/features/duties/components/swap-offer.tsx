import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryView } from '../../../components/ui/load-failed';
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
      <QueryView query={swap} loading="Loading the swap request…" failed={(error) => refusalMessage(error, 'Failed to load the swap request')}>
        {(offer) => (
          <>
            <p>
              {offer.yours ? 'You asked' : `${offer.fromName} asks`} for someone to take <strong>{offer.dutyTypeName}</strong> at {offer.eventName},{' '}
              {dutyWhen(offer)}.
            </p>
            {accept.isSuccess ? (
              <Alert tone="success">Thank you: the duty is yours. It is listed under My duties.</Alert>
            ) : offer.status === 'taken' ? (
              <p>Someone has already taken this duty.</p>
            ) : offer.status === 'withdrawn' ? (
              <p>This swap request was withdrawn.</p>
            ) : offer.refusal !== null ? (
              <p>You cannot take it: {offer.refusal}.</p>
            ) : (
              <Button disabled={accept.isPending} onClick={() => accept.mutate(swapId)}>
                {accept.isPending ? 'Accepting…' : 'Accept this duty'}
              </Button>
            )}
            {accept.isError && <Alert tone="error">{refusalMessage(accept.error, 'Accepting failed. Please try again.')}</Alert>}
          </>
        )}
      </QueryView>
    </section>
  );
}
