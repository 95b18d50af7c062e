import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE } from '../../../../web/src/lib/api';
import { DocumentsPage } from '../../../../web/src/features/documents/components/documents-page';
import { json, renderAt, serve, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const HANDBOOK = {
  id: 'doc-handbook',
  title: 'Members’ Handbook',
  description: 'Everything about the club.',
  category: 'Club',
  fileName: 'handbook.pdf',
  tags: [],
  position: 1,
  url: '/api/documents/doc-handbook/handbook.pdf',
};

describe('The documents page', () => {
  it('shows "Loading documents..." until the list comes, then each document with its Open PDF link', async () => {
    const held = heldAnswer();
    const calls = serve(() => held.response);
    renderAt('/documents', <DocumentsPage />);
    expect(screen.getByText('Loading documents...')).toBeTruthy();
    held.send(json(200, { documents: [HANDBOOK] }));
    expect(await screen.findByRole('heading', { name: 'Members’ Handbook' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Open PDF.*Members’ Handbook \(opens in a new tab\)/ });
    expect(link.getAttribute('href')).toBe(HANDBOOK.url);
    expect(screen.queryByText('Loading documents...')).toBeNull();
    expect(calls).toEqual(['GET /api/documents']);
  });

  it('says "No Documents Yet" when the club lists none', async () => {
    serve(() => json(200, { documents: [] }));
    renderAt('/documents', <DocumentsPage />);
    expect(await screen.findByRole('heading', { name: 'No Documents Yet' })).toBeTruthy();
  });

  it('says "Failed to load documents" when the server fails, and Try Again loads them', async () => {
    const read = failingUntilTryAgain(() => json(200, { documents: [HANDBOOK] }));
    const calls = serve(read.server);
    renderAt('/documents', <DocumentsPage />);
    expect(await screen.findByText('Failed to load documents')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('heading', { name: 'Members’ Handbook' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/documents', 'GET /api/documents']);
  });

  it('says the member is offline when the server cannot be reached', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderAt('/documents', <DocumentsPage />);
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
  });
});
