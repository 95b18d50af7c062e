import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CampaignSchema, type Campaign } from '../../../../core/campaigns/campaign';
import { UnavailableError } from '../../../../core/shared/errors';
import type { CampaignSource } from '../../../../core/campaigns/campaign-source.port';

export interface CampaignSourceHarness {
  source: CampaignSource;
  /** Puts these campaigns where the source reads them, as sent campaigns. */
  give(campaigns: Campaign[]): Promise<void>;
  close(): Promise<void>;
}

/** One way the source's backing service can fail, and the status text the error must then carry. */
export interface CampaignSourceFailure<H extends CampaignSourceHarness> {
  name: string;
  statusText: string;
  cause(harness: H): void | Promise<void>;
}

const spring: Campaign = { id: 'spring', subject: 'Spring newsletter', finished_at: '2026-03-20T18:00:00.000Z', preview_url: 'https://preview.example/spring' };
// 18:30+01:00 is 17:30 UTC: older than 'spring' although its text sorts later.
const results: Campaign = {
  id: 'results',
  subject: 'Regatta results',
  finished_at: '2026-03-20T18:30:00+01:00',
  preview_url: 'https://preview.example/results?utm=news&x=1',
};
const winter: Campaign = { id: 'winter', subject: 'Winter programme', finished_at: '2025-11-02T08:00:00.000Z', preview_url: null };
const unfinished: Campaign = { id: 'unfinished', subject: 'Still sending', finished_at: null, preview_url: null };

/** A campaign as a member sees it: the same instant may be written with another offset. */
function asShown(campaign: Campaign) {
  return {
    id: campaign.id,
    subject: campaign.subject,
    finishedAtMs: campaign.finished_at === null ? null : Date.parse(campaign.finished_at),
    preview_url: campaign.preview_url,
  };
}

/**
 * The contract of CampaignSource, the sentences of its TSDoc: sent campaigns newest
 * `finished_at` first, those without one last; an unreadable source throws UnavailableError
 * 'Failed to fetch communications: {status text}'.
 */
export function campaignSourceContract<H extends CampaignSourceHarness>(
  name: string,
  makeHarness: () => Promise<H>,
  failures: CampaignSourceFailure<H>[] = [],
): void {
  describe(`CampaignSource contract: ${name}`, () => {
    let harness: H | undefined;
    const current = (): H => {
      if (!harness) throw new Error('The harness is only available inside a test');
      return harness;
    };
    beforeEach(async () => {
      harness = await makeHarness();
    });
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    it('lists nothing when no campaign has been sent', async () => {
      expect(await current().source.listRecent()).toEqual([]);
    });

    it('lists campaigns newest first by the instant they finished, unfinished ones last', async () => {
      await current().give([unfinished, winter, spring, results]);
      const listed = await current().source.listRecent();
      expect(listed.map((c) => c.id)).toEqual(['spring', 'results', 'winter', 'unfinished']);
      expect(listed.map(asShown)).toEqual([spring, results, winter, unfinished].map(asShown));
    });

    it('gives every campaign as a valid Campaign, its preview link kept or null', async () => {
      await current().give([results, winter]);
      const listed = await current().source.listRecent();
      for (const campaign of listed) expect(CampaignSchema.parse(campaign)).toEqual(campaign);
      expect(listed.find((c) => c.id === 'results')?.preview_url).toBe('https://preview.example/results?utm=news&x=1');
      expect(listed.find((c) => c.id === 'winter')?.preview_url).toBeNull();
    });

    it('hands out copies: changing a listed campaign changes nothing at the source', async () => {
      await current().give([spring]);
      const first = await current().source.listRecent();
      first[0].subject = 'Tampered';
      first.pop();
      expect((await current().source.listRecent()).map(asShown)).toEqual([asShown(spring)]);
    });

    for (const failure of failures) {
      it(`reports ${failure.name} as 'Failed to fetch communications: ${failure.statusText}'`, async () => {
        await current().give([spring]);
        await failure.cause(current());
        const error = await current()
          .source.listRecent()
          .then(
            () => new Error('Expected listRecent to fail, but it succeeded'),
            (e: unknown) => e,
          );
        expect(error).toBeInstanceOf(UnavailableError);
        expect((error as Error).message).toBe(`Failed to fetch communications: ${failure.statusText}`);
      });
    }
  });
}
