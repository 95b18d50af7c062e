/** The spec's payment messages, word for word. */
export const PAYMENT_MESSAGES = {
  failed: 'Payment failed. Please try again or contact us.',
  cancelledOrFailed: 'Payment was cancelled or failed. Please try again.',
  error: 'Payment error occurred. Please try again or contact support.',
  invalid: 'Please check your payment details and try again.',
  loadFailed: 'Failed to load payment form. Please refresh and try again.',
  confirmCancel: 'Are you sure you want to cancel this payment?',
  generic: 'Payment failed. Please try again.',
} as const;

/** The test-mode form's label and cards (the test gateway's, docs/payments.md). */
export const TEST_MODE_LABEL = 'Test mode - no real money is taken';
export const TEST_CARDS = [
  { number: '4111 1111 1111 1111', result: 'succeeds' },
  { number: '4000 0000 0000 0002', result: 'declined' },
  { number: '4000 0000 0000 0119', result: 'errors' },
  { number: '4000 0000 0000 3238', result: 'pays; refunds refused' },
] as const;

/**
 * The success page in another browser than the one that booked: the manage link is not shown
 * there, since the checkout's address alone must never cancel a booking (docs/payments.md#who-sees-a-checkout).
 */
export const MANAGE_LINK_ELSEWHERE = {
  emailed: 'The link to see or cancel this booking is in your confirmation e-mail, and on this page in the browser you booked with.',
  notEmailed: 'The link to see or cancel this booking is shown on this page only in the browser you booked with.',
} as const;
