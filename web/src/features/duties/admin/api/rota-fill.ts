import { RotaFillPreviewSchema, RotaFillPublishResultSchema, type RotaFillPublishForm } from '@core/duties/rota-fill-schema';
import { apiPost } from '../../../../lib/api';

/** The solver's proposal for the season holding `season` (docs/duties.md, "Filling the rota"); nothing is written. */
export const previewRotaFill = (season: string) => apiPost('/api/admin/duties/rota-fill/preview', season ? { season } : {}, RotaFillPreviewSchema);

/** Writes the kept assignments: refused whole (400) when one breaks a rule, a slot filled meanwhile skipped. */
export const publishRotaFill = (form: RotaFillPublishForm) => apiPost('/api/admin/duties/rota-fill/publish', form, RotaFillPublishResultSchema);
