import { z } from 'zod';
import { WaterLevelReadingSchema } from '../../../core/water-levels/water-level';
import {
  CSV_TOO_LARGE_MESSAGE,
  MAX_WATER_LEVEL_CSV_BYTES,
  WaterLevelCorrectionSchema,
  WaterLevelFormSchema,
  WaterLevelImportPreviewSchema,
  WaterLevelImportResultSchema,
} from '../../../core/water-levels/water-levels';
import { AddWaterLevel } from '../../../core/water-levels/add-water-level';
import { CorrectWaterLevel, ReadingDateParamsSchema } from '../../../core/water-levels/correct-water-level';
import { DeleteWaterLevel } from '../../../core/water-levels/delete-water-level';
import { ImportWaterLevels } from '../../../core/water-levels/import-water-levels';
import { PreviewWaterLevelImport } from '../../../core/water-levels/preview-water-level-import';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { csvRefusals, noContent, readCsvUpload, uploadedBytes } from '../../http/route-helpers';

const ReadingResponseSchema = z.object({ reading: WaterLevelReadingSchema });

const readCsvBody = readCsvUpload(MAX_WATER_LEVEL_CSV_BYTES, CSV_TOO_LARGE_MESSAGE);

const CSV_BODY = {
  contentType: 'text/csv',
  description: `The CSV file, UTF-8, at most ${MAX_WATER_LEVEL_CSV_BYTES / 1024} kB: one reading a line, "date,percent" (ISO 2026-11-23 or day first 23/11/2026; 0 to 100, decimals with a point); an optional header line starting "date"`,
};
const CSV_REFUSALS = csvRefusals(CSV_TOO_LARGE_MESSAGE);

/** Every route here: the admin's water-level screen, with the permission to change readings. */
const WATER_LEVELS_WRITE = { tag: 'admin water levels', access: { action: 'waterLevels.write' } } as const;
/** The preview and the import: a CSV file as the body, read once the permission is checked. */
const CSV_UPLOAD = { ...WATER_LEVELS_WRITE, rawBody: CSV_BODY, before: [readCsvBody] };
const NO_READING = { description: '"There is no reading for that date"' };

/** The admin's water-level screen: add, correct and delete a reading; preview and import a CSV file. */
export function registerWaterLevelRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    method: 'post',
    path: '/api/admin/water-levels',
    operationId: 'adminCreateWaterLevel',
    summary: 'Add the reading of a day that has none (date ISO or day first, percent 0 to 100)',
    ...WATER_LEVELS_WRITE,
    body: WaterLevelFormSchema,
    responses: {
      201: { description: 'Added', schema: ReadingResponseSchema },
      409: { description: '"There is already a reading for {date}; correct it instead"' },
    },
    handler: async ({ admin, body }) => reply(201, { reading: await ports.useCase(AddWaterLevel).execute(admin, body) }),
  });

  routes.add({
    method: 'put',
    path: '/api/admin/water-levels/:date',
    operationId: 'adminUpdateWaterLevel',
    summary: "Correct a stored reading's percentage",
    ...WATER_LEVELS_WRITE,
    params: ReadingDateParamsSchema,
    body: WaterLevelCorrectionSchema,
    responses: { 200: { description: 'Corrected', schema: ReadingResponseSchema }, 404: NO_READING },
    handler: async ({ admin, params, body }) => reply(200, { reading: await ports.useCase(CorrectWaterLevel).execute(admin, params.date, body) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/water-levels/:date',
    operationId: 'adminDeleteWaterLevel',
    summary: 'Delete a reading entered by mistake',
    ...WATER_LEVELS_WRITE,
    params: ReadingDateParamsSchema,
    responses: { 204: { description: 'Deleted' }, 404: NO_READING },
    handler: async ({ admin, params }) => noContent(ports.useCase(DeleteWaterLevel).execute(admin, params.date)),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/water-levels/import/preview',
    operationId: 'adminPreviewWaterLevelImport',
    summary: 'Check a CSV file of readings and say what importing it would add and replace; stores nothing',
    ...CSV_UPLOAD,
    responses: {
      200: {
        description: 'ok false: every bad line with its reasons (line null: the file as a whole); ok true: the readings to add and to replace',
        schema: WaterLevelImportPreviewSchema,
      },
      ...CSV_REFUSALS,
    },
    handler: async ({ admin, req }) => reply(200, await ports.useCase(PreviewWaterLevelImport).execute(admin, uploadedBytes(req.body))),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/water-levels/import',
    operationId: 'adminImportWaterLevels',
    summary: 'Import a CSV file of readings, checked again: all of them, or none when any line is bad (400, each bad line in fields)',
    ...CSV_UPLOAD,
    responses: { 200: { description: 'Imported: how many readings, added, replaced and unchanged', schema: WaterLevelImportResultSchema }, ...CSV_REFUSALS },
    handler: async ({ admin, req }) => reply(200, await ports.useCase(ImportWaterLevels).execute(admin, uploadedBytes(req.body))),
  });
}
