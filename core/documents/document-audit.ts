import type { ClubDocument } from './document';
import type { AuditedRecord } from '../audit/audit-trail';

export const DOCUMENT_AUDIT_FIELDS = ['title', 'description', 'category', 'fileName', 'position'] as const;

export const AUDITED_DOCUMENT: AuditedRecord<ClubDocument> = { recordType: 'document', idOf: (document) => document.id, fields: DOCUMENT_AUDIT_FIELDS };
