import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError, NotEnoughPlacesError, PermissionError } from '../../core/shared/errors';
import type { ErrorCode } from '../../core/shared/errors';
import { redactUrl } from '../../core/shared/capability-links';

/**
 * One place maps error codes to HTTP statuses. PAYMENT is 402 (Payment Required): a declined or
 * impossible payment is the payer's to fix, unlike a conflict with stored data (409).
 */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BOOKING_CLOSED: 409,
  NOT_ENOUGH_PLACES: 409,
  PERMISSION: 403,
  UNAUTHENTICATED: 401,
  RATE_LIMITED: 429,
  PAYMENT: 402,
  UNAVAILABLE: 502,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
};

export const SOMETHING_WENT_WRONG = 'Something went wrong';

/** Body-parser and router errors carry a client status; these are the words we answer with. */
function clientErrorMessage(type: unknown, status: number): string {
  if (type === 'entity.parse.failed') return 'The request body is not valid JSON';
  if (type === 'entity.too.large') return 'The request body is too large (at most 100 kB)';
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return 'The request body encoding is not supported';
  if (type === 'request.aborted') return 'The request was aborted';
  if (status === 404) return 'Not found';
  return 'Bad request';
}

export function errorBody(error: DomainError): Record<string, unknown> {
  const body: Record<string, unknown> = { error: error.message };
  if (error.fields && Object.keys(error.fields).length > 0) body.fields = error.fields;
  if (error instanceof NotEnoughPlacesError) body.placesLeft = error.placesLeft;
  if (error instanceof PermissionError && error.permission) body.permission = error.permission;
  return body;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof DomainError) {
      res.status(STATUS_BY_CODE[error.code] ?? 500).json(errorBody(error));
      return;
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json({ error: clientErrorMessage(error?.type, status) });
      return;
    }
    // Never a stack trace or an internal message to the client; the log has the details.
    logger.error({ err: error, method: req.method, url: redactUrl(req.originalUrl) }, 'Unexpected error');
    res.status(500).json({ error: SOMETHING_WENT_WRONG });
  };
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};
