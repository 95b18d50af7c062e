import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { TEST_CARDS, TEST_MODE_LABEL } from '../payment-messages';
import type { CardFormProps } from './card-form-props';

/**
 * The test gateway's card form (PAYMENTS=test): ours, same-origin, and plainly labelled so that
 * nobody mistakes it for a real payment. Its "card token" is the number typed.
 */
export function TestCardForm({ payLabel, busy, onToken, onInvalid }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const digits = cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) {
      setError('Enter the card number (12 to 19 digits)');
      onInvalid();
      return;
    }
    setError(undefined);
    void onToken(cardNumber);
  };

  return (
    <form className="card-form test-card-form" aria-labelledby="test-mode-label" onSubmit={submit} noValidate>
      <p id="test-mode-label" className="test-mode-label">
        {TEST_MODE_LABEL}
      </p>
      <div className="test-cards">
        <p>Use one of these test card numbers:</p>
        <ul>
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> {card.result}
            </li>
          ))}
        </ul>
      </div>
      <Field id="test-card-number" label="Card number" error={error}>
        <input
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={cardNumber}
          disabled={busy}
          onChange={(e) => {
            setCardNumber(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <Button type="submit" disabled={busy} className="btn-block">
        {busy ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
