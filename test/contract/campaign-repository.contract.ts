import { describe, expect, it } from 'vitest';
import type { CampaignRepository } from '../../core/ports/campaign-repository';
import { aCampaign, useFreshAdapter, type AdapterFactory } from './storage-fixtures';

export function describeCampaignRepositoryContract(name: string, makeAdapter: AdapterFactory<CampaignRepository>): void {
  describe(`${name} (CampaignRepository contract)`, () => {
    const campaigns = useFreshAdapter(makeAdapter);

    it('lists no campaigns at first', async () => {
      expect(await campaigns().listRecent()).toEqual([]);
    });

    it('lists campaigns newest first, those never finished last', async () => {
      const draft = aCampaign({ id: 'draft', subject: 'Draft', finished_at: null, preview_url: null });
      const spring = aCampaign({ id: 'spring', finished_at: '2026-03-20T18:00:00.000Z' });
      // 18:30+01:00 is 17:30 UTC: older than 'spring' although its text sorts later.
      const results = aCampaign({ id: 'results', subject: 'Regatta results', finished_at: '2026-03-20T18:30:00+01:00' });
      const winter = aCampaign({ id: 'winter', subject: 'Winter programme', finished_at: '2025-11-02T08:00:00.000Z' });
      for (const campaign of [draft, winter, spring, results]) await campaigns().put(campaign);
      expect(await campaigns().listRecent()).toEqual([spring, results, winter, draft]);
    });

    it('replaces a campaign stored under the same id', async () => {
      await campaigns().put(aCampaign());
      const corrected = aCampaign({ subject: 'Spring newsletter (corrected)', preview_url: null });
      await campaigns().put(corrected);
      expect(await campaigns().listRecent()).toEqual([corrected]);
    });
  });
}
