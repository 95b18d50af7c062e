import { useClubConfig } from '../../../lib/club-config';
import type { CardFormProps } from '../components/card-form-props';
import { SquareCardForm } from '../components/square-card-form';
import { TestCardForm } from '../components/test-card-form';

export type { CardFormProps };

/**
 * The card form of the payments in use, for pages that pay something other than a booking (a
 * membership renewal): Square's when the club takes cards through Square, the test gateway's
 * otherwise. Null while Square's settings are missing.
 */
export function CardForm(props: CardFormProps) {
  const config = useClubConfig();
  if (config.paymentsMode === 'square') return config.square ? <SquareCardForm settings={config.square} {...props} /> : null;
  return <TestCardForm {...props} />;
}
