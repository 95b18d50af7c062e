import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serialization } from 'square';

/**
 * What a card token does when charged. The names follow Square's documented error codes; the
 * fixed tokens are Square's Sandbox test tokens (cnon:card-nonce-ok and friends).
 */
export type CardOutcome =
  | 'ok'
  | 'declined'
  | 'cvv'
  | 'postcode'
  | 'expired'
  | 'insufficient-funds'
  /** The bank wants the buyer verified (3-D Secure) and declined without it. */
  | 'verification'
  /** Authorized, not yet captured: status APPROVED (as with delayed capture). */
  | 'approved'
  /** Accepted, still being processed: status PENDING (as some card and bank payments are at first). */
  | 'pending';

/** The outcomes that take a payment record without a decline: COMPLETED, APPROVED, PENDING. */
const ACCEPTED: Partial<Record<CardOutcome, SquarePaymentRecord['status']>> = { ok: 'COMPLETED', approved: 'APPROVED', pending: 'PENDING' };

/** Square's Sandbox test tokens; each may be charged any number of times. */
export const SANDBOX_TOKENS: Record<string, CardOutcome> = {
  'cnon:card-nonce-ok': 'ok',
  'cnon:card-nonce-declined': 'declined',
  'cnon:card-nonce-rejected-cvv': 'cvv',
  'cnon:card-nonce-rejected-postalcode': 'postcode',
  'cnon:card-nonce-rejected-expiration': 'expired',
};

const DECLINES: Record<Exclude<CardOutcome, 'ok' | 'approved' | 'pending'>, { code: string; httpStatus: number }> = {
  declined: { code: 'GENERIC_DECLINE', httpStatus: 400 },
  cvv: { code: 'CVV_FAILURE', httpStatus: 400 },
  postcode: { code: 'ADDRESS_VERIFICATION_FAILURE', httpStatus: 400 },
  expired: { code: 'INVALID_EXPIRATION', httpStatus: 400 },
  'insufficient-funds': { code: 'INSUFFICIENT_FUNDS', httpStatus: 400 },
  verification: { code: 'CARD_DECLINED_VERIFICATION_REQUIRED', httpStatus: 400 },
};

/** How the next answers go wrong, as the real API does when it fails. */
export type FakeSquareFailure =
  /** Answers this status without taking any payment. */
  | { kind: 'status'; status: number }
  /** Takes the payment at once but answers only after the delay: the answer a client may lose. */
  | { kind: 'slow'; delayMs: number };

/** A payment as Square's API writes it (snake_case JSON). */
export interface SquarePaymentRecord {
  id: string;
  status: 'COMPLETED' | 'APPROVED' | 'PENDING' | 'FAILED';
  amount_money: { amount: number; currency: string };
  location_id: string;
  reference_id?: string;
  note?: string;
  source_id: string;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

/** A refund as Square's API writes it (snake_case JSON). */
export interface SquareRefundRecord {
  id: string;
  status: 'PENDING';
  payment_id: string;
  amount_money: { amount: number; currency: string };
  reason?: string;
  idempotency_key: string;
  created_at: string;
}

/** A request Square's API description refuses, and why: the fake answers it 400 INVALID_VALUE. */
export interface RefusedSquareRequest {
  path: string;
  problem: string;
}

export interface RecordedSquareRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeSquareServer {
  /** The API base to give the client, like https://connect.squareupsandbox.com. */
  baseUrl: string;
  accessToken: string;
  locationId: string;
  signatureKey: string;
  notificationUrl: string;
  /** Every payment taken or declined, in order: what Square's dashboard would list. */
  payments: SquarePaymentRecord[];
  /** Completed payments only: the money actually taken. */
  completedPayments(): SquarePaymentRecord[];
  /** Every refund taken (RefundPayment): what Square's dashboard would list. */
  refunds: SquareRefundRecord[];
  requests: RecordedSquareRequest[];
  /** The requests that did not validate against Square's API description (none, from a correct client). */
  refused: RefusedSquareRequest[];
  /** A one-time card token, as the Web Payments SDK gives one per card entry. */
  issueCardToken(outcome: CardOutcome): string;
  failWith(failure: FakeSquareFailure | null): void;
  /**
   * The webhook Square sends about a payment, signed as Square signs it: HMAC-SHA256 with the
   * signature key over the notification URL and the body, base64, in x-square-hmacsha256-signature.
   */
  webhookFor(paymentId: string, type?: 'payment.created' | 'payment.updated'): { rawBody: Buffer; headers: Record<string, string> };
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function errorBody(category: string, code: string, detail: string, field?: string) {
  return { errors: [{ category, code, detail, ...(field ? { field } : {}) }] };
}

/**
 * Square's published description of each request body this client sends: the schemas the `square`
 * SDK ships, generated from Square's API definition (every field's name and type, enums such as
 * currency codes, no unknown fields), with the limits Square's API reference states that those
 * schemas leave out (lengths, amounts in whole minor units above 0).
 */
interface DescribedSchema {
  parse(
    raw: unknown,
    options: { unrecognizedObjectKeys: 'fail'; allowUnrecognizedEnumValues: false },
  ): { ok: true } | { ok: false; errors: { path: string[]; message: string }[] };
}

const DESCRIBED: Record<string, { operation: string; schema: DescribedSchema; required: string[]; maxLengths: Record<string, number> }> = {
  '/v2/payments': {
    operation: 'CreatePayment',
    schema: serialization.CreatePaymentRequest,
    required: ['source_id', 'idempotency_key', 'amount_money'],
    maxLengths: { idempotency_key: 45, reference_id: 40, note: 500 },
  },
  '/v2/refunds': {
    operation: 'RefundPayment',
    schema: serialization.RefundPaymentRequest,
    required: ['idempotency_key', 'amount_money', 'payment_id'],
    maxLengths: { idempotency_key: 45, payment_id: 192, reason: 192 },
  },
};

/** Why Square's API description refuses the body sent to the path, or null when it validates. */
export function squareRequestProblem(path: string, body: unknown): string | null {
  const described = DESCRIBED[path];
  if (!described) return `No request body is described for ${path}`;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The request body must be a JSON object.';
  const parsed = described.schema.parse(body, { unrecognizedObjectKeys: 'fail', allowUnrecognizedEnumValues: false });
  if (!parsed.ok) return parsed.errors.map((e) => `${described.operation}: ${e.path.join('.') || 'body'}: ${e.message}`).join('; ');
  const b = body as Record<string, unknown>;
  for (const field of described.required) {
    if (b[field] === undefined || b[field] === null || b[field] === '') return `Field must be set: ${field}`;
  }
  for (const [field, max] of Object.entries(described.maxLengths)) {
    if (typeof b[field] === 'string' && b[field].length > max) return `Field ${field} must not be longer than ${max} characters`;
  }
  const money = b.amount_money as { amount?: unknown; currency?: unknown };
  if (!Number.isSafeInteger(money.amount) || (money.amount as number) <= 0) return 'Field must be a positive whole number: amount_money.amount';
  if (typeof money.currency !== 'string') return 'Field must be a currency code: amount_money.currency';
  return null;
}

/**
 * A local stand-in for Square's Payments and Refunds APIs (POST /v2/payments, POST /v2/refunds,
 * GET /v2/locations/{id}), answering as its documentation says: each body validated against Square's
 * API description (squareRequestProblem; refused as 400 INVALID_VALUE and kept in `refused`); Bearer access token or 401 UNAUTHORIZED; a Square-Version header; `{ payment }` on success;
 * declines as 400 with `errors` (category PAYMENT_METHOD_ERROR) and the FAILED payment; idempotency
 * keys honoured (the same key and body give the same answer without a second charge, the same key
 * with another body gives IDEMPOTENCY_KEY_REUSED); one-time card tokens refused once used.
 */
export async function startFakeSquareServer(
  options: { accessToken?: string; locationId?: string; signatureKey?: string; notificationUrl?: string; currency?: string; country?: string } = {},
): Promise<FakeSquareServer> {
  const accessToken = options.accessToken ?? 'EAAAl-fake-sandbox-access-token';
  const locationId = options.locationId ?? 'LFAKE0LOCATION';
  const signatureKey = options.signatureKey ?? 'fake-webhook-signature-key-0123';
  const notificationUrl = options.notificationUrl ?? 'https://club.example/api/webhooks/square';
  const currency = options.currency ?? 'GBP';
  const payments: SquarePaymentRecord[] = [];
  const requests: RecordedSquareRequest[] = [];
  const refunds: SquareRefundRecord[] = [];
  const refused: RefusedSquareRequest[] = [];
  const oneTimeTokens = new Map<string, { outcome: CardOutcome; usedBy: string | null }>();
  const byKey = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const pending = new Set<NodeJS.Timeout>();
  let failure: FakeSquareFailure | null = null;
  let counter = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, STATUS_TEXT[status] ?? '', { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const paymentJson = (p: SquarePaymentRecord) => {
    const { source_id: _source, idempotency_key: _key, ...visible } = p;
    return {
      ...visible,
      total_money: p.amount_money,
      approved_money: p.status === 'FAILED' ? { amount: 0, currency: p.amount_money.currency } : p.amount_money,
      source_type: 'CARD',
      delay_action: 'CANCEL',
      delay_duration: 'PT168H',
      card_details: {
        // Square's card statuses: CAPTURED once completed, AUTHORIZED while approved or pending.
        status: p.status === 'COMPLETED' ? 'CAPTURED' : p.status === 'FAILED' ? 'FAILED' : 'AUTHORIZED',
        card: { card_brand: 'VISA', last_4: '1111', exp_month: 12, exp_year: 2030, card_type: 'CREDIT' },
        entry_method: 'KEYED',
        cvv_status: 'CVV_ACCEPTED',
        avs_status: 'AVS_ACCEPTED',
        card_payment_timeline: p.status === 'COMPLETED' ? { authorized_at: p.created_at, captured_at: p.updated_at } : { authorized_at: p.created_at },
      },
      receipt_number: p.id.slice(0, 4),
      receipt_url: `https://squareupsandbox.com/receipt/preview/${p.id}`,
      version_token: `v${p.id}`,
    };
  };

  /** Charges a valid request; returns Square's answer. */
  const charge = (body: Record<string, unknown>): { status: number; body: unknown } => {
    const sourceId = body.source_id as string;
    let outcome: CardOutcome | undefined = SANDBOX_TOKENS[sourceId];
    const oneTime = oneTimeTokens.get(sourceId);
    if (oneTime) {
      if (oneTime.usedBy !== null) {
        return { status: 400, body: errorBody('INVALID_REQUEST_ERROR', 'CARD_TOKEN_USED', 'Card nonce already used; please request new nonce.', 'source_id') };
      }
      oneTime.usedBy = body.idempotency_key as string;
      outcome = oneTime.outcome;
    }
    if (!outcome) {
      return { status: 400, body: errorBody('INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.', 'source_id') };
    }
    counter += 1;
    const now = new Date().toISOString();
    const money = body.amount_money as { amount: number; currency: string };
    const payment: SquarePaymentRecord = {
      id: `fakePay${String(counter).padStart(4, '0')}${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      status: ACCEPTED[outcome] ?? 'FAILED',
      amount_money: { amount: money.amount, currency: money.currency },
      location_id: body.location_id as string,
      ...(typeof body.reference_id === 'string' ? { reference_id: body.reference_id } : {}),
      ...(typeof body.note === 'string' ? { note: body.note } : {}),
      source_id: sourceId,
      idempotency_key: body.idempotency_key as string,
      created_at: now,
      updated_at: now,
    };
    payments.push(payment);
    if (outcome === 'ok' || outcome === 'approved' || outcome === 'pending') return { status: 200, body: { payment: paymentJson(payment) } };
    const decline = DECLINES[outcome];
    return {
      status: decline.httpStatus,
      body: { ...errorBody('PAYMENT_METHOD_ERROR', decline.code, `Authorization error: '${decline.code}'`), payment: paymentJson(payment) },
    };
  };

  /** RefundPayment: a repeated key answers its first refund; never more than the payment left. */
  const refundAnswer = (b: Record<string, unknown>): [number, unknown] => {
    const key = b.idempotency_key as string;
    const fingerprint = JSON.stringify(b);
    const seen = byKey.get(`refund:${key}`);
    if (seen) {
      return seen.fingerprint === fingerprint
        ? [seen.status, seen.body]
        : [
            400,
            errorBody(
              'INVALID_REQUEST_ERROR',
              'IDEMPOTENCY_KEY_REUSED',
              'The idempotency key can only be retried with the same request data.',
              'idempotency_key',
            ),
          ];
    }
    const money = b.amount_money as { amount: number; currency: string };
    const payment = payments.find((p) => p.id === b.payment_id && p.status === 'COMPLETED');
    let answer: { status: number; body: unknown };
    if (!payment) {
      answer = { status: 404, body: errorBody('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Payment \`${String(b.payment_id)}\` not found.`, 'payment_id') };
    } else {
      const refunded = refunds.filter((r) => r.payment_id === payment.id).reduce((sum, r) => sum + r.amount_money.amount, 0);
      if (money.currency !== payment.amount_money.currency || money.amount > payment.amount_money.amount - refunded) {
        answer = {
          status: 400,
          body: errorBody(
            'INVALID_REQUEST_ERROR',
            'REFUND_AMOUNT_INVALID',
            'The requested refund amount exceeds the amount available to refund.',
            'amount_money',
          ),
        };
      } else {
        counter += 1;
        const refund: SquareRefundRecord = {
          id: `fakeRefund${String(counter).padStart(4, '0')}`,
          status: 'PENDING',
          payment_id: payment.id,
          amount_money: { amount: money.amount, currency: money.currency },
          ...(typeof b.reason === 'string' ? { reason: b.reason } : {}),
          idempotency_key: key,
          created_at: new Date().toISOString(),
        };
        refunds.push(refund);
        const { idempotency_key: _key, ...visible } = refund;
        answer = { status: 200, body: { refund: { ...visible, location_id: payment.location_id, updated_at: refund.created_at } } };
      }
    }
    byKey.set(`refund:${key}`, { fingerprint, ...answer });
    return [answer.status, answer.body];
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

    if (failure?.kind === 'status') {
      const status = failure.status;
      const code = status === 429 ? 'RATE_LIMITED' : status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
      send(res, status, errorBody(status === 429 ? 'RATE_LIMIT_ERROR' : 'API_ERROR', code, STATUS_TEXT[status] ?? 'Error'));
      return;
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      send(res, 401, errorBody('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
      return;
    }
    const version = req.headers['square-version'];
    if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
      send(res, 400, errorBody('INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'The Square-Version header is missing or not a date.'));
      return;
    }
    const location = /^\/v2\/locations\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && location) {
      // RetrieveLocation: the location, with the currency it takes payments in.
      const id = decodeURIComponent(location[1]);
      if (id !== locationId) {
        send(res, 404, errorBody('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Location \`${id}\` not found.`));
        return;
      }
      send(res, 200, {
        location: { id, name: 'Kestrel Yacht Club', status: 'ACTIVE', country: options.country ?? 'GB', currency, capabilities: ['CREDIT_CARD_PROCESSING'] },
      });
      return;
    }
    if (req.method !== 'POST' || !(url.pathname in DESCRIBED)) {
      send(
        res,
        404,
        errorBody('INVALID_REQUEST_ERROR', 'NOT_FOUND', `API endpoint for URL path \`${url.pathname}\` and HTTP method \`${req.method}\` is not found.`),
      );
      return;
    }
    if (body === undefined) {
      send(res, 400, errorBody('INVALID_REQUEST_ERROR', 'INVALID_CONTENT_TYPE', 'The request body is not valid JSON.'));
      return;
    }
    const problem = squareRequestProblem(url.pathname, body);
    if (problem) {
      refused.push({ path: url.pathname, problem });
      send(res, 400, errorBody('INVALID_REQUEST_ERROR', 'INVALID_VALUE', problem));
      return;
    }
    const b = body as Record<string, unknown>;
    if (url.pathname === '/v2/refunds') {
      send(res, ...refundAnswer(b));
      return;
    }
    if ((b.location_id ?? locationId) !== locationId) {
      send(res, 404, errorBody('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Location \`${String(b.location_id)}\` not found.`, 'location_id'));
      return;
    }
    const key = b.idempotency_key as string;
    const fingerprint = JSON.stringify(body);
    const seen = byKey.get(key);
    let answer: { status: number; body: unknown };
    if (seen && seen.fingerprint !== fingerprint) {
      answer = {
        status: 400,
        body: errorBody(
          'INVALID_REQUEST_ERROR',
          'IDEMPOTENCY_KEY_REUSED',
          'The idempotency key can only be retried with the same request data.',
          'idempotency_key',
        ),
      };
    } else if (seen) {
      answer = seen;
    } else {
      answer = charge(b);
      byKey.set(key, { fingerprint, ...answer });
    }

    if (failure?.kind === 'slow') {
      const timer = setTimeout(() => {
        pending.delete(timer);
        send(res, answer.status, answer.body);
      }, failure.delayMs);
      pending.add(timer);
      return;
    }
    send(res, answer.status, answer.body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accessToken,
    locationId,
    signatureKey,
    notificationUrl,
    payments,
    completedPayments: () => payments.filter((p) => p.status === 'COMPLETED'),
    refunds,
    requests,
    refused,
    issueCardToken(outcome) {
      const token = `cnon:fake-${randomUUID()}`;
      oneTimeTokens.set(token, { outcome, usedBy: null });
      return token;
    },
    failWith(next) {
      failure = next;
    },
    webhookFor(paymentId, type = 'payment.updated') {
      const payment = payments.find((p) => p.id === paymentId);
      if (!payment) throw new Error(`The fake Square server took no payment ${paymentId}`);
      const body = JSON.stringify({
        merchant_id: 'MFAKE0MERCHANT',
        type,
        event_id: randomUUID(),
        created_at: new Date().toISOString(),
        data: { type: 'payment', id: payment.id, object: { payment: paymentJson(payment) } },
      });
      const signature = createHmac('sha256', signatureKey)
        .update(notificationUrl + body)
        .digest('base64');
      return { rawBody: Buffer.from(body), headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The settings of PAYMENTS=square against the local Square server. */
export function squareEnv(square: FakeSquareServer, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PAYMENTS: 'square',
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-club-app',
    SQUARE_WEBHOOK_SIGNATURE_KEY: square.signatureKey,
    SQUARE_WEBHOOK_URL: square.notificationUrl,
    SQUARE_BASE_URL: square.baseUrl,
    ...overrides,
  };
}
