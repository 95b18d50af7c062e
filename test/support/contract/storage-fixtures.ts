import type { NewsItem } from '../../../core/news/news-item';
import { afterEach, beforeEach } from 'vitest';
import type { Campaign } from '../../../core/campaigns/campaign';
import type { ClubDocument } from '../../../core/documents/document';
import type { WorkDaySignup } from '../../../core/work-days/work-day';

/** Makes a fresh, empty adapter for one test, and closes it afterwards. */
export type AdapterFactory<T> = () => Promise<{ adapter: T; close(): Promise<void> }>;

/** Gives every test of the enclosing describe its own fresh adapter. */
export function useFreshAdapter<T>(makeAdapter: AdapterFactory<T>): () => T {
  let current: { adapter: T; close(): Promise<void> } | undefined;
  beforeEach(async () => {
    current = await makeAdapter();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The adapter is only available inside a test');
    return current.adapter;
  };
}

/** What the promise rejected with; fails the test when it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

export function minutesAfter(instant: string, minutes: number): Date {
  return new Date(Date.parse(instant) + minutes * 60_000);
}

export function aSignup(overrides: Partial<WorkDaySignup> = {}): WorkDaySignup {
  return {
    id: 'signup-1',
    workDayId: 'spring-clean',
    firstName: 'Sam',
    lastName: 'Helper',
    selectedJobs: ['slipway'],
    otherJob: '',
    notes: '',
    bringingTools: true,
    wantsFood: false,
    submittedAt: '2026-04-01T10:00:00.000Z',
    email: null,
    ...overrides,
  };
}

export function aDocument(overrides: Partial<ClubDocument> = {}): ClubDocument {
  return {
    id: 'constitution',
    title: 'Club constitution',
    description: 'The rules the club runs by',
    category: 'rules',
    fileName: 'club-constitution.pdf',
    keepOffline: false,
    tags: ['rules', 'governance'],
    position: 0,
    ...overrides,
  };
}

export function aCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'spring-news',
    subject: 'Spring newsletter',
    finished_at: '2026-03-20T18:00:00.000Z',
    preview_url: 'https://preview.example/spring',
    ...overrides,
  };
}

export { markPaidByCard } from '../card-payment';

export function aNewsItem(overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id: 'news-launch',
    subject: 'The new pontoon is in',
    body: 'The **new pontoon** is in place.\n\n- Launch from the east side\n- Mind the fresh paint',
    publishAt: '2026-04-02T09:00:00.000Z',
    status: 'published',
    createdAt: '2026-04-01T12:00:00.000Z',
    updatedAt: '2026-04-01T12:00:00.000Z',
    ...overrides,
  };
}
