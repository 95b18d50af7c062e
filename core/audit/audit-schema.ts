import { z } from 'zod';
import { AuditEntrySchema } from './audit';

/** At most this many entries in one answer (the newest). */
export const AUDIT_PAGE = 200;

/** The audit screen's filters: by record (a booking, event or admin id) and by admin (uid). */
export const AuditQuerySchema = z.object({ recordId: z.string().trim().max(200).optional(), adminUid: z.string().trim().max(200).optional() });

/** The names of the admins the entries mention, by uid (an admin since removed is not in it). */
export const AdminNamesSchema = z.record(z.string(), z.string());

export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema), limit: z.number().int(), adminNames: AdminNamesSchema });
export type AuditList = z.infer<typeof AuditListSchema>;
