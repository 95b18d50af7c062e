import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsPage } from '../../../../web/src/features/news/components/news-page';
import { json, renderAt, serve } from '../../../support/component/render';

const WRITTEN_HERE = {
  id: 'news-1',
  subject: 'Winter series results',
  finished_at: '2026-11-20T10:00:00.000Z',
  preview_url: null,
  news_page: true,
  excerpt: 'Ann won the series.',
};
const FROM_MAILERLITE = {
  id: 'cmp-2',
  subject: 'AGM notice',
  finished_at: '2026-11-01T09:00:00.000Z',
  preview_url: 'https://preview.mailerlite.example/cmp-2',
};
const NO_PREVIEW = { id: 'cmp-3', subject: 'Boat park tidy', finished_at: null, preview_url: null };

describe('The news page', () => {
  it('lists the e-mails: the club’s own page in this tab, MailerLite’s preview in a new one, and none where there is no preview', async () => {
    serve(() => json(200, { campaigns: [WRITTEN_HERE, FROM_MAILERLITE, NO_PREVIEW] }));
    renderAt('/news', <NewsPage />);
    expect(screen.getByText('Loading communications...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Winter series results' })).toBeTruthy();
    expect(screen.getByText('Ann won the series.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read Email : Winter series results' }).getAttribute('href')).toBe('/news/news-1');
    const preview = screen.getByRole('link', { name: 'Read Email : AGM notice (opens in a new tab)' });
    expect(preview.getAttribute('href')).toBe(FROM_MAILERLITE.preview_url);
    expect(preview.getAttribute('target')).toBe('_blank');
    expect((screen.getByRole('button', { name: 'Preview Unavailable' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "No Recent Communications" with a way to the calendar when there are none', async () => {
    serve(() => json(200, { campaigns: [] }));
    renderAt('/news', <NewsPage />);
    expect(await screen.findByRole('heading', { name: 'No Recent Communications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Events Calendar' }).getAttribute('href')).toBe('/calendar');
  });

  it('shows the server’s words when the mail provider failed, and the catalogue’s otherwise', async () => {
    serve(() => json(502, { error: 'Failed to fetch communications: Bad Gateway' }));
    renderAt('/news', <NewsPage />);
    expect(await screen.findByText('Failed to fetch communications: Bad Gateway')).toBeTruthy();
  });

  it('says "Failed to fetch communications" for an answer it cannot read', async () => {
    serve(() => json(200, { campaigns: [{ id: '' }] }));
    renderAt('/news', <NewsPage />);
    expect(await screen.findByText('Failed to fetch communications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
