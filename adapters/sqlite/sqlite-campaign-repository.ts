import type { Knex } from 'knex';
import type { Campaign } from '../../core/campaigns/campaign';
import { ImportedCampaignSchema, importedCampaignListing, type ImportedCampaign } from '../../core/news/imported-campaign';
import { NewsItemSchema, type NewsItem } from '../../core/news/news-item';
import { newsExcerpt } from '../../core/news/news-body';
import { newsItemCampaign } from '../../core/news/news-items';
import type { CampaignRepository } from '../../core/news/campaign-repository.port';
import { instantMillis } from './sqlite-values';

interface CampaignRow {
  id: string;
  subject: string;
  finished_at: string | null;
  preview_url: string | null;
  body: string | null;
  content: string | null;
  status: string;
  created_at: string | null;
  updated_at: string | null;
}

const COLUMNS = ['id', 'subject', 'finished_at', 'preview_url', 'body', 'content', 'status', 'created_at', 'updated_at'] as const;

/** A row without a body is an imported campaign, with its text (`content`) or without. */
function importedCampaignOf(row: CampaignRow): ImportedCampaign {
  return ImportedCampaignSchema.parse({ id: row.id, subject: row.subject, finished_at: row.finished_at, preview_url: row.preview_url, content: row.content });
}

/** A row with a body is a news item written in the app; the others are imported campaigns. */
function newsItemOf(row: CampaignRow): NewsItem {
  return NewsItemSchema.parse({
    id: row.id,
    subject: row.subject,
    body: row.body,
    publishAt: row.finished_at,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export class SqliteCampaignRepository implements CampaignRepository {
  constructor(private readonly db: Knex) {}

  async listRecent(): Promise<Campaign[]> {
    const rows: CampaignRow[] = await this.db('campaigns')
      .select(...COLUMNS)
      .where({ status: 'published' })
      .orderByRaw('finishedAtMs IS NULL, finishedAtMs DESC, id ASC');
    return Promise.all(
      rows.map(async (row) => {
        if (row.body === null) return importedCampaignListing(importedCampaignOf(row));
        const item = newsItemOf(row);
        return newsItemCampaign(item, await newsExcerpt(item.body));
      }),
    );
  }

  async put(campaign: ImportedCampaign): Promise<void> {
    const { id, subject, finished_at, preview_url, content } = ImportedCampaignSchema.parse(campaign);
    await this.upsert({ id, subject, finished_at, preview_url, body: null, content: content ?? null, status: 'published', created_at: null, updated_at: null });
  }

  async getImportedCampaign(id: string): Promise<ImportedCampaign | null> {
    const row: CampaignRow | undefined = await this.db('campaigns')
      .select(...COLUMNS)
      .where({ id })
      .whereNull('body')
      .first();
    return row ? importedCampaignOf(row) : null;
  }

  async listImportedCampaigns(): Promise<ImportedCampaign[]> {
    const rows: CampaignRow[] = await this.db('campaigns')
      .select(...COLUMNS)
      .whereNull('body')
      .orderByRaw('finishedAtMs IS NULL, finishedAtMs DESC, id ASC');
    return rows.map(importedCampaignOf);
  }

  async listNewsItems(): Promise<NewsItem[]> {
    const rows: CampaignRow[] = await this.db('campaigns')
      .select(...COLUMNS)
      .whereNotNull('body')
      .orderBy([
        { column: 'finishedAtMs', order: 'desc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map(newsItemOf);
  }

  async getNewsItem(id: string): Promise<NewsItem | null> {
    const row: CampaignRow | undefined = await this.db('campaigns')
      .select(...COLUMNS)
      .where({ id })
      .whereNotNull('body')
      .first();
    return row ? newsItemOf(row) : null;
  }

  async saveNewsItem(item: NewsItem): Promise<void> {
    const { id, subject, publishAt, body, status, createdAt, updatedAt } = NewsItemSchema.parse(item);
    await this.upsert({ id, subject, finished_at: publishAt, preview_url: null, body, content: null, status, created_at: createdAt, updated_at: updatedAt });
  }

  async deleteNewsItem(id: string): Promise<boolean> {
    const removed = await this.db('campaigns').where({ id }).whereNotNull('body').delete();
    return removed > 0;
  }

  /** Writes the row, or over the one with its id, with its publish time in ms (the lists' order). */
  private async upsert(row: CampaignRow): Promise<void> {
    await this.db('campaigns')
      .insert({ ...row, finishedAtMs: instantMillis(row.finished_at) })
      .onConflict('id')
      .merge();
  }
}
