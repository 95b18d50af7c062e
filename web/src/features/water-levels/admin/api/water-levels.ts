import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WaterLevelReadingSchema, type WaterLevelReading } from '@core/water-levels/water-level';
import {
  WaterLevelImportPreviewSchema,
  WaterLevelImportResultSchema,
  type WaterLevelFormValues,
  type WaterLevelImportPreview,
  type WaterLevelImportResult,
} from '@core/water-levels/water-levels';
import { apiDelete, apiGet, apiPost, apiPut, apiUploadCsv } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useReadAgainAfter } from '../../../../admin/shared/api/admin-query';

/** The import's file as the server reads it: UTF-8 CSV text. */

const ReadingAnswerSchema = z.object({ reading: WaterLevelReadingSchema });
const ReadingsAnswerSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });

/** The readings of a London date span, newest first (the admin's list). */
export async function listReadings(from: string, to: string): Promise<WaterLevelReading[]> {
  const answer = await apiGet(`/api/water-levels?from=${from}&to=${to}`, ReadingsAnswerSchema);
  return [...answer.readings].sort((a, b) => b.date.localeCompare(a.date));
}

export const readingsQueryOptions = (from: string, to: string) => adminQueryOptions(['water-levels', from, to], () => listReadings(from, to));

/** Read again after a change the server confirmed: the admin's list and the members' chart. */
const CHANGED = [['water-levels'], ['admin', 'water-levels']];

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
  return apiUploadCsv('/api/admin/water-levels/import/preview', csv, WaterLevelImportPreviewSchema);
}

export async function importReadings(csv: string): Promise<WaterLevelImportResult> {
  return apiUploadCsv('/api/admin/water-levels/import', csv, WaterLevelImportResultSchema);
}

export function useAddReading(config: MutationConfig<WaterLevelReading, WaterLevelFormValues> = {}) {
  return useMutation({ ...config, mutationFn: addReading, onSuccess: useReadAgainAfter(CHANGED, config) });
}

export function useCorrectReading(config: MutationConfig<WaterLevelReading, { date: string; percentFull: string }> = {}) {
  return useMutation({ ...config, mutationFn: correctReading, onSuccess: useReadAgainAfter(CHANGED, config) });
}

export function useDeleteReading(config: MutationConfig<void, WaterLevelReading> = {}) {
  return useMutation({ ...config, mutationFn: (reading: WaterLevelReading) => deleteReading(reading.date), onSuccess: useReadAgainAfter(CHANGED, config) });
}

/** Checks a CSV file: what it would add and replace, or its problems. Nothing is saved. */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useImportReadings(config: MutationConfig<WaterLevelImportResult, string> = {}) {
  return useMutation({ ...config, mutationFn: importReadings, onSuccess: useReadAgainAfter(CHANGED, config) });
}
