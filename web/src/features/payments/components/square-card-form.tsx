import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { SquareSettings } from '../api/payments';
import { loadSquareScript, waitForContainer, type SquareCard } from '../lib/square-web-payments';
import type { CardFormProps } from './card-form-props';

const CONTAINER_ID = 'card-container';

/**
 * Square's card form (PAYMENTS=square): Square's own iframe, loaded from Square's script, in
 * English (GB), with no e-mail, phone or address fields of ours. Tokenising with the amount lets
 * Square run 3-D Secure when the bank asks for it.
 */
export function SquareCardForm({
  settings,
  payLabel,
  amountText,
  currency,
  billingContact,
  busy,
  onToken,
  onInvalid,
  onLoadFailed,
}: CardFormProps & { settings: SquareSettings }) {
  const [ready, setReady] = useState(false);
  const cardRef = useRef<SquareCard | null>(null);
  // Called from the loading effect with the latest callback, without re-running the effect.
  const loadFailed = useEffectEvent(() => onLoadFailed());

  useEffect(() => {
    const controller = new AbortController();
    let card: SquareCard | null = null;
    (async () => {
      if (!settings.applicationId) throw new Error('No Square application id');
      const Square = await loadSquareScript(settings.scriptUrl, controller.signal);
      const payments = await Square.payments(settings.applicationId, settings.locationId);
      await payments.setLocale?.('en-GB');
      await waitForContainer(CONTAINER_ID, controller.signal);
      card = await payments.card();
      if (controller.signal.aborted) return;
      await card.attach(`#${CONTAINER_ID}`);
      if (controller.signal.aborted) return;
      cardRef.current = card;
      setReady(true);
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Square card form failed to load', error);
      loadFailed();
    });
    return () => {
      controller.abort();
      cardRef.current = null;
      void card?.destroy();
    };
  }, [settings]);

  // Square reads the card (and may run 3-D Secure), then the page sends the token.
  const tokenize = useMutation({
    mutationFn: async (card: SquareCard) => {
      const result = await card.tokenize({
        amount: amountText,
        currencyCode: currency,
        intent: 'CHARGE',
        customerInitiated: true,
        sellerKeyedIn: false,
        // The member's name and e-mail as booked, so the bank can decide whether to verify them.
        billingContact: {
          givenName: billingContact.givenName,
          familyName: billingContact.familyName,
          ...(billingContact.email ? { email: billingContact.email } : {}),
        },
      });
      if (result.status === 'OK' && result.token) {
        await onToken(result.token);
      } else {
        onInvalid();
      }
    },
    onError: (error) => {
      console.error('Square could not read the card', error);
      onInvalid();
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const card = cardRef.current;
    if (!card || busy || tokenize.isPending) return;
    tokenize.mutate(card);
  };

  const working = busy || tokenize.isPending;
  return (
    <form className="card-form" aria-label="Card details" onSubmit={submit}>
      {!ready && <Spinner label="Loading payment form..." />}
      <div id={CONTAINER_ID} className="square-card-container" />
      <Button type="submit" disabled={!ready || working} className="btn-block">
        {working ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
