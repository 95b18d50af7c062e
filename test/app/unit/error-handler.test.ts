import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  BookingClosedError,
  ConflictError,
  DomainError,
  NotEnoughPlacesError,
  NotFoundError,
  PaymentError,
  PermissionError,
  RateLimitError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
  type ErrorCode,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../../core/shared/errors';
import { errorHandler, STATUS_BY_CODE } from '../../../server/http/error-handler';

function appThrowing(error: unknown) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

describe('errorHandler', () => {
  const cases: [DomainError, number, Record<string, unknown>][] = [
    [new ValidationError('Bad', { name: 'Name is required' }), 400, { error: 'Bad', fields: { name: 'Name is required' } }],
    [new NotFoundError('Event not found'), 404, { error: 'Event not found' }],
    [new ConflictError('This event has bookings and cannot be deleted'), 409, { error: 'This event has bookings and cannot be deleted' }],
    [new BookingClosedError(), 409, { error: 'Booking is closed for this event' }],
    [new NotEnoughPlacesError(3), 409, { error: 'Sorry, only 3 places are left', placesLeft: 3 }],
    [new NotEnoughPlacesError(0), 409, { error: 'Fully booked', placesLeft: 0 }],
    [
      new PermissionError("You don't have permission to view bookings.", 'bookings:read'),
      403,
      { error: "You don't have permission to view bookings.", permission: 'bookings:read' },
    ],
    [new UnauthenticatedError(), 401, { error: 'Please sign in' }],
    [new RateLimitError(), 429, { error: 'Too many failed login attempts. Please try again later.' }],
    [new PaymentError('Card declined'), 402, { error: 'Card declined' }],
    [new UnavailableError('Login failed. Please try again.'), 502, { error: 'Login failed. Please try again.' }],
    [new PayloadTooLargeError('The photo is too large'), 413, { error: 'The photo is too large' }],
    [new UnsupportedMediaTypeError('Not a JPEG, PNG or WebP image'), 415, { error: 'Not a JPEG, PNG or WebP image' }],
  ];
  for (const [error, status, body] of cases) {
    it(`answers ${error.name} (${error.code}) with ${status}`, async () => {
      const res = await request(appThrowing(error)).get('/boom');
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
    });
  }

  it('has a status for every error code', () => {
    const codes: ErrorCode[] = [
      'VALIDATION',
      'NOT_FOUND',
      'CONFLICT',
      'BOOKING_CLOSED',
      'NOT_ENOUGH_PLACES',
      'PERMISSION',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
      'PAYMENT',
      'UNAVAILABLE',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
    ];
    expect(Object.keys(STATUS_BY_CODE).sort()).toEqual([...codes].sort());
  });

  it('answers anything unexpected with 500 "Something went wrong" and no detail', async () => {
    for (const error of [new Error('secret /srv/app.ts:1'), new TypeError('x is undefined'), 'a string', { status: 'weird' }, { status: 200 }]) {
      const res = await request(appThrowing(error)).get('/boom');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Something went wrong' });
    }
  });

  it('keeps a client status from a library error but replaces its message', async () => {
    const res = await request(appThrowing(Object.assign(new Error('internal words'), { status: 415, type: 'charset.unsupported' }))).get('/boom');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'The request body encoding is not supported' });
  });
});
