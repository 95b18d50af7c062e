import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../adapters/memory/fixed-clock';
import { ValidationError } from '../../../../core/shared/errors';
import { GetDocumentFile, ListCampaigns, ListDocuments } from '../../../../core/content/club-content';
import { GetWaterLevels, MAX_WATER_LEVEL_DAYS } from '../../../../core/water-levels/get-water-levels';
import { memoryStorage } from '../../../support/stores';

describe('GetWaterLevels', () => {
  // 00:30 on 1 June in London is still 31 May in UTC: "today" is London's.
  const clock = new FixedClock('2026-05-31T23:30:00.000Z');
  const { waterLevels } = memoryStorage();
  const useCase = new GetWaterLevels({ waterLevels, clock });

  it('gives the last 365 London days by default, oldest first, and any span up to ten years', async () => {
    await waterLevels.putMany([
      { date: '2025-06-01', percentFull: 70 },
      { date: '2025-06-02', percentFull: 71 },
      { date: '2026-06-01', percentFull: 90 },
      { date: '2026-06-02', percentFull: 91 },
    ]);
    expect((await useCase.execute({})).map((r) => r.date)).toEqual(['2025-06-02', '2026-06-01']);
    expect((await useCase.execute({ from: '2025-06-01', to: '2025-06-01' })).map((r) => r.percentFull)).toEqual([70]);
  });

  it('refuses a backwards span, a span over ten years and a date that is not one, with the field named', async () => {
    await expect(useCase.execute({ from: '2026-02-02', to: '2026-02-01' })).rejects.toMatchObject({ fields: { from: 'from must not be after to' } });
    await expect(useCase.execute({ from: '2010-01-01', to: '2026-01-01' })).rejects.toMatchObject({
      message: `Ask for at most ${MAX_WATER_LEVEL_DAYS} days at once`,
    });
    await expect(useCase.execute({ from: '2026-13-01' })).rejects.toMatchObject({ fields: { from: 'from must be a date (YYYY-MM-DD)' } });
  });

  it('any pair of dates: readings within the span, or a clear refusal', async () => {
    const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(date, date, async (from, to) => {
        const result = await useCase.execute({ from, to }).catch((error: unknown) => error);
        if (result instanceof ValidationError) expect(from > to || Date.parse(to) - Date.parse(from) > MAX_WATER_LEVEL_DAYS * 86_400_000).toBe(true);
        else for (const reading of result as { date: string }[]) expect(reading.date >= from && reading.date <= to).toBe(true);
      }),
    );
  });
});

describe('club content', () => {
  it('lists campaigns and documents through their ports, and gives a document’s file or "Document not found"', async () => {
    const { campaigns, documents, files } = memoryStorage();
    await campaigns.put({ id: 'c1', subject: 'Fitting-out', finished_at: '2026-03-20T17:30:00.000Z', preview_url: null });
    expect((await new ListCampaigns({ campaignSource: campaigns, clock: new FixedClock('2026-06-01T09:00:00.000Z') }).execute()).map((c) => c.subject)).toEqual(
      ['Fitting-out'],
    );

    const bytes = new Uint8Array([37, 80, 68, 70]);
    await files.put('documents/rules-1', bytes);
    await documents.put({ id: 'rules', title: 'Rules', description: '', category: 'rules', fileName: 'rules.pdf', tags: [], position: 0 }, 'documents/rules-1');
    expect((await new ListDocuments({ documents }).execute()).map((d) => d.id)).toEqual(['rules']);
    const file = await new GetDocumentFile({ documents, files }).execute('rules');
    expect(file).toEqual({ fileName: 'rules.pdf', contentType: 'application/pdf', bytes });
    await expect(new GetDocumentFile({ documents, files }).execute('missing')).rejects.toMatchObject({ message: 'Document not found' });
    await expect(new GetDocumentFile({ documents, files }).execute('')).rejects.toMatchObject({ message: 'Document not found' });
  });
});
