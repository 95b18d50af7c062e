import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DutyCatalogueSchema, EventRosterSchema, MemberQualificationsViewSchema } from '@core/duties/duty-forms';
import { QualificationImportPreviewSchema, QualificationImportResultSchema } from '@core/duties/member-qualification-import';
import { apiDelete, apiGet, apiPost, apiPut, apiUpload } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';
import { DUTIES_KEY } from '../exports/staffing-lights';

// Every duty read sits under one key (exports/staffing-lights.ts).
const DUTIES = DUTIES_KEY;

export const dutyCatalogueQueryOptions = () => adminQueryOptions([...DUTIES, 'catalogue'], () => apiGet('/api/admin/duties', DutyCatalogueSchema));
export const memberQualificationsQueryOptions = () =>
  adminQueryOptions([...DUTIES, 'member-qualifications'], () => apiGet('/api/admin/duties/member-qualifications', MemberQualificationsViewSchema));
export const eventRosterQueryOptions = (eventId: string) =>
  adminQueryOptions([...DUTIES, 'roster', eventId], () => apiGet(`/api/admin/duties/events/${encodeURIComponent(eventId)}`, EventRosterSchema));

export const useDutyCatalogue = () => useQuery(dutyCatalogueQueryOptions());
export const useMemberQualifications = () => useQuery(memberQualificationsQueryOptions());
export const useEventRoster = (eventId: string) => useQuery(eventRosterQueryOptions(eventId));

/** A duty write: on success every duty read is asked again. */
export function useDutyWrite<V, R>(write: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: ['admin', ...DUTIES] }) });
}

const enc = encodeURIComponent;
export type CatalogueKind = 'qualifications' | 'types' | 'templates';

export const saveCatalogue = ({ kind, body }: { kind: CatalogueKind; body: object }) => apiPost(`/api/admin/duties/${kind}`, body);
export const deleteCatalogue = ({ kind, id }: { kind: CatalogueKind; id: string }) => apiDelete(`/api/admin/duties/${kind}/${enc(id)}`);
export const setMemberQualification = ({ memberId, qualificationId, expiresOn }: { memberId: string; qualificationId: string; expiresOn: string | null }) =>
  apiPut(`/api/admin/duties/member-qualifications/${enc(memberId)}/${enc(qualificationId)}`, { expiresOn });
export const removeMemberQualification = ({ memberId, qualificationId }: { memberId: string; qualificationId: string }) =>
  apiDelete(`/api/admin/duties/member-qualifications/${enc(memberId)}/${enc(qualificationId)}`);
export const previewQualificationImport = (file: Blob) =>
  apiUpload('POST', '/api/admin/duties/member-qualifications/import/preview', file, 'text/csv', QualificationImportPreviewSchema);
export const importQualifications = (file: Blob) =>
  apiUpload('POST', '/api/admin/duties/member-qualifications/import', file, 'text/csv', QualificationImportResultSchema);
export const applyTemplate = ({ eventId, templateId }: { eventId: string; templateId: string }) =>
  apiPost(`/api/admin/duties/events/${enc(eventId)}/template`, { templateId }, z.object({ added: z.number() }));
/** "Cover needed": one message to each member who may take an unfilled slot; how many were asked now. */
export const askForCover = ({ eventId }: { eventId: string }) =>
  apiPost(`/api/admin/duties/events/${enc(eventId)}/cover-needed`, {}, z.object({ asked: z.number() }));
export const assignDuty = ({ slotId, memberId, overrideReason }: { slotId: string; memberId: string; overrideReason: string | null }) =>
  apiPost(`/api/admin/duties/slots/${enc(slotId)}/assignments`, { memberId, overrideReason });
export const unassignDuty = ({ slotId, memberId }: { slotId: string; memberId: string }) =>
  apiDelete(`/api/admin/duties/slots/${enc(slotId)}/assignments/${enc(memberId)}`);
export const removeSlot = ({ slotId }: { slotId: string }) => apiDelete(`/api/admin/duties/slots/${enc(slotId)}`);
