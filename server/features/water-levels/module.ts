import { AddWaterLevel } from '../../../core/water-levels/add-water-level';
import { CorrectWaterLevel } from '../../../core/water-levels/correct-water-level';
import { DeleteWaterLevel } from '../../../core/water-levels/delete-water-level';
import { GetWaterLevels } from '../../../core/water-levels/get-water-levels';
import { ImportWaterLevels } from '../../../core/water-levels/import-water-levels';
import { PreviewWaterLevelImport } from '../../../core/water-levels/preview-water-level-import';
import { auditTrail, type Feature, provide } from '../feature';

export const waterLevelsFeature: Feature = {
  name: 'water-levels',
  useCases: ({ get }) => {
    return [
      provide(GetWaterLevels, () => new GetWaterLevels({ waterLevels: get('waterLevels'), clock: get('clock') })),
      provide(AddWaterLevel, () => new AddWaterLevel({ waterLevels: get('waterLevels'), ...auditTrail(get) })),
      provide(CorrectWaterLevel, () => new CorrectWaterLevel({ waterLevels: get('waterLevels'), ...auditTrail(get) })),
      provide(DeleteWaterLevel, () => new DeleteWaterLevel({ waterLevels: get('waterLevels'), ...auditTrail(get) })),
      provide(PreviewWaterLevelImport, () => new PreviewWaterLevelImport({ waterLevels: get('waterLevels'), clock: get('clock') })),
      provide(ImportWaterLevels, () => new ImportWaterLevels({ waterLevels: get('waterLevels'), ...auditTrail(get) })),
    ];
  },
};
