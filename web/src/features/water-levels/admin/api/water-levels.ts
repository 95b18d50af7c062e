import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { WaterLevelReadingSchema, type WaterLevelReading } from '@core/water-levels/water-level';
import {
  WaterLevelImportPreviewSchema,
  WaterLevelImportResultSchema,
  type WaterLevelFormValues,
  type WaterLevelImportPreview,
  type WaterLevelImportResult,
} from '@core/water-levels/water-levels';
import { apiDelete, apiGet, apiPost, apiPut, apiUpload } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig } from '../../../../admin/shared/api/admin-query';

/** The import's file as the server reads it: UTF-8 CSV text. */
const CSV_CONTENT_TYPE = 'text/csv';

const ReadingAnswerSchema = z.object({ reading: WaterLevelReadingSchema });
const ReadingsAnswerSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });

/** The readings of a London date span, newest first (the admin's list). */
export async function listReadings(from: string, to: string): Promise<WaterLevelReading[]> {
  const answer = await apiGet(`/api/water-levels?from=${from}&to=${to}`, ReadingsAnswerSchema);
  return [...answer.readings].sort((a, b) => b.date.localeCompare(a.date));
}

export const readingsQueryOptions = (from: string, to: string) => adminQueryOptions(['water-levels', from, to], () => listReadings(from, to));

export function useReadings(from: string, to: string) {
  return useQuery(readingsQueryOptions(from, to));
}

export async function addReading(values: WaterLevelFormValues): Promise<WaterLevelReading> {
  return (await apiPost('/api/admin/water-levels', values, ReadingAnswerSchema)).reading;
}

export async function correctReading({ date, percentFull }: { date: string; percentFull: string }): Promise<WaterLevelReading> {
  return (await apiPut(`/api/admin/water-levels/${date}`, { percentFull }, ReadingAnswerSchema)).reading;
}

export async function deleteReading(date: string): Promise<void> {
  await apiDelete(`/api/admin/water-levels/${date}`);
}

export async function previewImport(csv: string): Promise<WaterLevelImportPreview> {
  return apiUpload('POST', '/api/admin/water-levels/import/preview', new Blob([csv]), CSV_CONTENT_TYPE, WaterLevelImportPreviewSchema);
}

export async function importReadings(csv: string): Promise<WaterLevelImportResult> {
  return apiUpload('POST', '/api/admin/water-levels/import', new Blob([csv]), CSV_CONTENT_TYPE, WaterLevelImportResultSchema);
}

/** After a change the server confirmed: the admin's list and the members' chart are read again. */
function useChanged<TData, TVariables>(config: MutationConfig<TData, TVariables>): MutationConfig<TData, TVariables>['onSuccess'] {
  const client = useQueryClient();
  return (...args) => {
    void client.invalidateQueries({ queryKey: ['water-levels'] });
    void client.invalidateQueries({ queryKey: ['admin', 'water-levels'] });
    return config.onSuccess?.(...args);
  };
}

export function useAddReading(config: MutationConfig<WaterLevelReading, WaterLevelFormValues> = {}) {
  return useMutation({ ...config, mutationFn: addReading, onSuccess: useChanged(config) });
}

export function useCorrectReading(config: MutationConfig<WaterLevelReading, { date: string; percentFull: string }> = {}) {
  return useMutation({ ...config, mutationFn: correctReading, onSuccess: useChanged(config) });
}

export function useDeleteReading(config: MutationConfig<void, WaterLevelReading> = {}) {
  return useMutation({ ...config, mutationFn: (reading: WaterLevelReading) => deleteReading(reading.date), onSuccess: useChanged(config) });
}

/** Checks a CSV file: what it would add and replace, or its problems. Nothing is saved. */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useImportReadings(config: MutationConfig<WaterLevelImportResult, string> = {}) {
  return useMutation({ ...config, mutationFn: importReadings, onSuccess: useChanged(config) });
}
