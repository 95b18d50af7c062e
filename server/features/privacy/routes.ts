import type { Response } from 'express';
import type * as Fflate from 'fflate';
import { z } from 'zod';
import { DataRequestSchema, ErasureAnswerSchema, MyErasureSchema } from '../../../core/privacy/data-request-schema';
import { DATA_REQUEST_MESSAGES, ErasePerson, GetPersonalData, requestedEmail } from '../../../core/operations/data-requests';
import type { ArchiveFile } from '../../../core/privacy/personal-records';
import type { AppContainer } from '../../container';
import { ErrorResponseSchema, reply, SENT, type ApiRoutes } from '../../http/api-routes';
import { clearMemberCookie } from '../../http/member-session';
import { CROSS_SITE, saying } from '../../http/route-parts';

const ADMIN = { tag: 'admin data requests', access: { action: 'privacy.manage' } } as const;
const MEMBER = { tag: 'my club', access: 'member' } as const;
const ZIP = {
  description: 'A zip archive: per kind of record (table or collection), a JSON file and a CSV file',
  schema: z.string().describe('zip bytes'),
  contentType: 'application/zip',
};
const NOTHING_HELD = saying(DATA_REQUEST_MESSAGES.nothingHeld);
const BLOCKED = {
  description: '"Not erased yet: an upcoming paid booking … must be cancelled and refunded first…", or the address is an admin account\'s (nothing changed)',
  schema: ErrorResponseSchema,
};

const README = [
  'Everything the club holds about you, as it was stored when this archive was made.',
  'Each kind of record (a table or collection of the club system) has a JSON file and a CSV file with the same records.',
  'Sign-in codes, session and feed secrets and the links in e-mails are left out: they are keys, not information about you.',
  '',
].join('\r\n');

/** fflate loads with the first archive asked for, not at start (docs/adr/0078). */
let fflate: Promise<typeof Fflate> | null = null;

/** Sends the archive files as one zip, named for the day. */
async function sendArchive(res: Response, files: readonly ArchiveFile[], now: Date): Promise<typeof SENT> {
  const { strToU8, zipSync } = await (fflate ??= import('fflate'));
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
  for (const file of files) entries[file.name] = strToU8(file.text);
  const zip = zipSync(entries, { level: 6, mtime: now });
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="personal-data-${now.toISOString().slice(0, 10)}.zip"`);
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).end(Buffer.from(zip));
  return SENT;
}

/** Data requests (docs/privacy-requests.md): admins with privacy:manage for anyone, members for themselves. */
export function registerPrivacyRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/privacy/archive',
    operationId: 'adminDownloadPersonalData',
    summary: 'Everything held about the person with this e-mail (any case), across every store, as a zip of JSON and CSV files',
    ...ADMIN,
    body: DataRequestSchema,
    responses: { 200: ZIP, 404: NOTHING_HELD },
    handler: async ({ body, res }) => sendArchive(res, await ports.useCase(GetPersonalData).execute(requestedEmail(body.email)), ports.get('clock').now()),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/privacy/erase',
    operationId: 'adminErasePerson',
    summary: "Erases the person's personal data everywhere (financial records kept without the name); refused while a paid booking is upcoming",
    ...ADMIN,
    body: DataRequestSchema,
    responses: { 200: { description: 'Erased: how many records were anonymised', schema: ErasureAnswerSchema }, 404: NOTHING_HELD, 409: BLOCKED },
    handler: async ({ admin, body }) => {
      const result = await ports.useCase(ErasePerson).execute(requestedEmail(body.email), { kind: 'admin', uid: admin.uid, email: admin.email });
      return reply(200, { erased: true as const, records: result.records });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/my/data',
    operationId: 'downloadMyData',
    summary: 'Everything the club holds about the signed-in member, as a zip of JSON and CSV files',
    ...MEMBER,
    responses: { 200: ZIP },
    handler: async ({ member, res }) => {
      return sendArchive(res, await ports.useCase(GetPersonalData).execute(member.email), ports.get('clock').now());
    },
  });

  routes.add({
    method: 'post',
    path: '/api/my/erase',
    operationId: 'eraseMyData',
    summary: "Erases the signed-in member's personal data everywhere and signs them out; refused while a paid booking is upcoming",
    ...MEMBER,
    body: MyErasureSchema,
    responses: { 200: { description: 'Erased and signed out', schema: ErasureAnswerSchema }, 403: CROSS_SITE, 409: BLOCKED },
    handler: async ({ member, req, res }) => {
      const result = await ports.useCase(ErasePerson).execute(member.email, { kind: 'member' });
      clearMemberCookie(req, res);
      return reply(200, { erased: true as const, records: result.records });
    },
  });
}
