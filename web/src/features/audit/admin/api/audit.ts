import { useQuery } from '@tanstack/react-query';
import { AuditListSchema, type AuditList } from '@core/audit/audit-schema';
import { apiGet } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';

export type { AuditList };

export interface AuditFilter {
  recordId?: string;
  adminUid?: string;
}

export function fetchAudit(filter: AuditFilter): Promise<AuditList> {
  const query = new URLSearchParams();
  if (filter.recordId) query.set('recordId', filter.recordId);
  if (filter.adminUid) query.set('adminUid', filter.adminUid);
  const search = query.toString();
  return apiGet(`/api/admin/audit${search ? `?${search}` : ''}`, AuditListSchema);
}

export const auditQueryOptions = ({ recordId = '', adminUid = '' }: AuditFilter) =>
  adminQueryOptions(['audit', recordId, adminUid], () => fetchAudit({ recordId, adminUid }));

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
