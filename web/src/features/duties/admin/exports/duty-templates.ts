import { useQuery } from '@tanstack/react-query';
import { dutyCatalogueQueryOptions } from '../api/duties';

/** The duty templates (id and name) for a choice outside the duties screens: asked only when `enabled` (duties:write). */
export function useDutyTemplates(enabled: boolean) {
  return useQuery({ ...dutyCatalogueQueryOptions(), enabled, retry: false, select: (catalogue) => catalogue.templates.map(({ id, name }) => ({ id, name })) });
}
