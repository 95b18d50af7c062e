import { z } from 'zod';
import { WaterLevelReadingSchema, type WaterLevelReading } from '@core/entities/water-level';
import {
  WaterLevelImportPreviewSchema,
  WaterLevelImportResultSchema,
  type WaterLevelFormValues,
  type WaterLevelImportPreview,
  type WaterLevelImportResult,
} from '@core/domain/water-levels';
import { apiDelete, apiGet, apiPost, apiPut, apiUpload } from '../../../../lib/api';

/** The import's file as the server reads it: UTF-8 CSV text. */
const CSV_CONTENT_TYPE = 'text/csv';

const ReadingAnswerSchema = z.object({ reading: WaterLevelReadingSchema });
const ReadingsAnswerSchema = z.object({ readings: z.array(WaterLevelReadingSchema) });

/** The readings of a London date span, newest first (the admin's list). */
export async function listReadings(from: string, to: string): Promise<WaterLevelReading[]> {
  const answer = await apiGet(`/api/water-levels?from=${from}&to=${to}`, ReadingsAnswerSchema);
  return [...answer.readings].sort((a, b) => b.date.localeCompare(a.date));
}

export async function addReading(values: WaterLevelFormValues): Promise<WaterLevelReading> {
  return (await apiPost('/api/admin/water-levels', values, ReadingAnswerSchema)).reading;
}

export async function correctReading(date: string, percentFull: string): Promise<WaterLevelReading> {
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
