/** What the page gives either card form (ours in test mode, Square's otherwise). */
export interface CardFormProps {
  /** "Pay £31.25" */
  payLabel: string;
  /** The amount as Square's tokenize() wants it: "31.25". */
  amountText: string;
  currency: string;
  /** The member as booked, for the bank's checks (Square's billingContact). */
  billingContact: { givenName: string; familyName: string; email: string | null };
  /** A payment is being processed: the form must not be sent again. */
  busy: boolean;
  /** The card became a one-time token: the page sends it to the server. */
  onToken: (token: string) => Promise<void>;
  /** The card details were refused before anything was sent. */
  onInvalid: () => void;
  /** The card form could not be shown. */
  onLoadFailed: () => void;
}
