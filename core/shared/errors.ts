/**
 * Typed errors of the domain. Adapters translate technology errors into these, and the
 * server maps each `code` to one HTTP status in a single error handler.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'BOOKING_CLOSED'
  | 'NOT_ENOUGH_PLACES'
  | 'PERMISSION'
  | 'UNAUTHENTICATED'
  | 'RATE_LIMITED'
  | 'PAYMENT'
  | 'UNAVAILABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages, for validation errors. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: Record<string, string>) {
    super('VALIDATION', message, fields);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/**
 * A write based on a record as read earlier, which another write has changed since (a
 * compare-and-set that failed). The caller reads the record again and retries, or says so.
 */
export class StaleWriteError extends ConflictError {}

/** The event does not take bookings now (allowBooking off, past the deadline, or over). */
export class BookingClosedError extends DomainError {
  constructor(message = 'Booking is closed for this event') {
    super('BOOKING_CLOSED', message);
  }
}

/** A booking would overfill an event with a capacity. */
export class NotEnoughPlacesError extends DomainError {
  constructor(readonly placesLeft: number) {
    super('NOT_ENOUGH_PLACES', placesLeft <= 0 ? 'Fully booked' : `Sorry, only ${placesLeft} places are left`);
  }
}

export class PermissionError extends DomainError {
  constructor(
    message: string,
    readonly permission?: string,
  ) {
    super('PERMISSION', message);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Please sign in') {
    super('UNAUTHENTICATED', message);
  }
}

export class RateLimitError extends DomainError {
  constructor(message = 'Too many failed login attempts. Please try again later.') {
    super('RATE_LIMITED', message);
  }
}

export class PaymentError extends DomainError {
  constructor(message: string) {
    super('PAYMENT', message);
  }
}

/** An outside service (identity provider, search provider, payment provider) failed. */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
  }
}

/** An upload over its size limit (HTTP 413). */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

/** An upload whose bytes are not of a type accepted there (HTTP 415), whatever its name says. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}
