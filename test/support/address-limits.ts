// The per-address limits set so high that no test meets them: every request of a test comes from
// one address (127.0.0.1). The limits have their own API tests (booking-limits.test.ts,
// work-day-signup-limits.test.ts), which set them low again. No test framework here, so the
// browser tests' server process may import it too.
export const NO_ADDRESS_LIMITS = {
  BOOKING_LIMIT_PER_MINUTE: '10000',
  BOOKING_LIMIT_PER_DAY: '1000000',
  BOOKING_MAX_HELD_PLACES_PER_ADDRESS: '1000000',
  BOOKING_MAX_UNPAID_SHARE_OF_EVENT: '100',
  WORKDAY_SIGNUP_LIMIT_PER_MINUTE: '10000',
  WORKDAY_SIGNUP_LIMIT_PER_DAY: '1000000',
} as const;
