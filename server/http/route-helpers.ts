import express, { type Request, type RequestHandler, type Response } from 'express';
import { reply, SENT } from './api-routes';

/**
 * Small pieces the route files share: reading an upload's body with its own limit and refusals,
 * and answering a file or a CSV download that the handler writes itself.
 */

/** An upload's bytes as express.raw read them; none when the body was not read as bytes. */
export function uploadedBytes(body: unknown): Uint8Array {
  return Buffer.isBuffer(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array();
}

/** Why an upload is refused: the status and the words an admin can act on. */
export interface UploadRefusal {
  status: 400 | 413 | 415;
  error: string;
}

type UploadCheck = (req: Request) => UploadRefusal | undefined;

function refuse(res: Response, refusal: UploadRefusal): void {
  res.status(refusal.status).json({ error: refusal.error });
}

/**
 * Reads an upload's body with `parser` (express.raw or express.text with the upload's own limit):
 * `refuseBefore` may refuse the request before anything is read, a body over the limit is
 * answered 413 with `tooLarge` as soon as that is known, and `refuse` may refuse what was read.
 * Other parser errors go on to the error handler. Used in a route's `before`, which runs after the
 * session and permission checks, so nobody else can make the server read a large body.
 */
export function readUpload(options: { parser: RequestHandler; tooLarge: string; refuseBefore?: UploadCheck; refuse?: UploadCheck }): RequestHandler {
  return (req, res, next) => {
    const early = options.refuseBefore?.(req);
    if (early) {
      refuse(res, early);
      return;
    }
    options.parser(req, res, (error?: unknown) => {
      if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        refuse(res, { status: 413, error: options.tooLarge });
        return;
      }
      if (error) {
        next(error);
        return;
      }
      const refusal = options.refuse?.(req);
      if (refusal) refuse(res, refusal);
      else next();
    });
  };
}

/** The refusal of a CSV upload sent as anything but the file itself. */
export const CSV_CONTENT_TYPE_MESSAGE = 'Send the CSV file itself, with the content type text/csv';

/**
 * Reads a CSV upload as bytes, after the admin's session and permission are checked (so nobody
 * else makes the server read a body): over `limit` bytes is 413 with `tooLarge`, anything but
 * text/csv (JSON bodies were parsed before) 415. The bytes, not text: the core decodes them as
 * UTF-8 and names the first line that is not (a decoder here would put U+FFFD in its place).
 */
export function readCsvUpload(limit: number, tooLarge: string): RequestHandler {
  return readUpload({
    parser: express.raw({ type: ['text/csv', 'text/plain'], limit }),
    tooLarge,
    refuse: (req) => (Buffer.isBuffer(req.body) ? undefined : { status: 415, error: CSV_CONTENT_TYPE_MESSAGE }),
  });
}

/** The OpenAPI refusals of a CSV upload read by readCsvUpload. */
export function csvRefusals(tooLarge: string) {
  return { 413: { description: `"${tooLarge}"` }, 415: { description: `"${CSV_CONTENT_TYPE_MESSAGE}"` } };
}

/** Answers bytes or text the handler writes itself (a file, a download), with these headers. */
export function sendWithHeaders(res: Response, headers: Record<string, string>, body: Uint8Array | string): typeof SENT {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.send(typeof body === 'string' ? body : Buffer.from(body));
  return SENT;
}

/** A CSV download under its own file name, or under `fallback` when that name is not plain [A-Za-z0-9._-]. */
export function sendCsvDownload(res: Response, download: { fileName: string; csv: string }, fallback: string): typeof SENT {
  const safeName = /^[A-Za-z0-9._-]+$/.test(download.fileName) ? download.fileName : fallback;
  return sendWithHeaders(res, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${safeName}"` }, download.csv);
}

/** The answer of a route that removes something: 204 with no body, once `work` is done. */
export async function noContent(work: Promise<unknown>): Promise<{ status: 204 }> {
  await work;
  return reply(204);
}
