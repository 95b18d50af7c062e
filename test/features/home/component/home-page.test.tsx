import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhotosResponseSchema, type ListedPhoto } from '../../../../core/photos/photo-schema';
import { HomePage } from '../../../../web/src/features/home/components/home-page';
import { json, renderAt, serve } from '../../../support/component/render';

function aPhoto(id: string, caption: string, credit: string): ListedPhoto {
  return {
    id,
    caption,
    credit,
    width: 1280,
    height: 720,
    variants: [
      { format: 'jpeg', width: 640, height: 360, url: `/api/photos/${id}/files/640.jpg` },
      { format: 'jpeg', width: 1280, height: 720, url: `/api/photos/${id}/files/1280.jpg` },
      { format: 'webp', width: 640, height: 360, url: `/api/photos/${id}/files/640.webp` },
    ],
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const PHOTOS = PhotosResponseSchema.parse({
  photos: [aPhoto('p1', 'Lasers rounding the windward mark', 'Ann Jones'), aPhoto('p2', 'Cadets at the slipway', '')],
});

/** The home page's reads: the photos as `photos` answers; the water-level chart's data is not found. */
function servePhotos(photos: () => Response | Promise<Response>): string[] {
  return serve(({ path }) => (path === '/api/photos' ? photos() : json(404, { error: 'Not found' })));
}

describe('The home page', () => {
  it('welcomes the member, and shows "Loading photos…" until the photos come, then the first with its caption and credit', async () => {
    const waiting: ((response: Response) => void)[] = [];
    const calls = servePhotos(() => new Promise<Response>((resolve) => waiting.push(resolve)));
    renderAt('/', <HomePage />);
    expect(screen.getByRole('heading', { name: 'Welcome to the Members Area' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Events Calendar' }).getAttribute('href')).toBe('/calendar');
    expect(await screen.findByText('Loading photos…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Members' Photos" })).toBeTruthy();
    // Still loading once the photos are asked for (the panel's code comes first).
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(screen.getByText('Loading photos…')).toBeTruthy();
    waiting[0]?.(json(200, PHOTOS));
    const image = await screen.findByRole('img', { name: 'Lasers rounding the windward mark' });
    expect(image.getAttribute('src')).toBe('/api/photos/p1/files/640.jpg');
    expect(screen.getByText('Photo: Ann Jones')).toBeTruthy();
    expect(screen.getByRole('figure', { name: '1 of 2' })).toBeTruthy();
    expect(screen.queryByText('Loading photos…')).toBeNull();
    expect(calls).toContain('GET /api/photos');
  });

  it('does not rotate for a member who asks for reduced motion, and moves on with Next', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === REDUCED_MOTION,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    servePhotos(() => json(200, PHOTOS));
    renderAt('/', <HomePage />);
    await screen.findByRole('img', { name: 'Lasers rounding the windward mark' });
    expect(screen.getByRole('button', { name: 'Play rotation' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('img', { name: 'Cadets at the slipway' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: '2 of 2' })).toBeTruthy();
    expect(screen.queryByText(/^Photo:/)).toBeNull();
  });

  it('shows the drawn pictures while the club has no photos', async () => {
    servePhotos(() => json(200, { photos: [] }));
    renderAt('/', <HomePage />);
    expect(await screen.findByRole('img', { name: 'Illustration: Evening sail on the reservoir' })).toBeTruthy();
    expect(screen.queryByText("The club's photos could not be loaded just now; drawn pictures are shown instead.")).toBeNull();
  });

  it('says the photos could not be loaded, and shows the drawn pictures, when the server fails', async () => {
    servePhotos(() => json(500, { error: 'Internal error' }));
    renderAt('/', <HomePage />);
    expect(await screen.findByText("The club's photos could not be loaded just now; drawn pictures are shown instead.")).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Illustration: Evening sail on the reservoir' })).toBeTruthy();
  });
});
