import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ErasureAnswerSchema } from '../../../../core/privacy/data-request-schema';
import { DataRequestsPage } from '../../../../web/src/features/privacy/admin/components/data-requests-page';
import { json, renderAt, serve, heldAnswer } from '../../../support/component/render';

const EMAIL = 'ann.jones@example.com';

function renderPage() {
  return renderAt('/admin/privacy', <DataRequestsPage />);
}

async function typeEmail(email = EMAIL) {
  await userEvent.type(screen.getByLabelText(/E-mail address/), email);
}

describe('The Data requests page', () => {
  it('erases a person only once the admin confirms, and says how many records no longer name them', async () => {
    const bodies: unknown[] = [];
    const calls = serve(({ body }) => {
      bodies.push(body);
      return json(200, ErasureAnswerSchema.parse({ erased: true, records: 3 }));
    });
    renderPage();
    await typeEmail();
    await userEvent.click(screen.getByRole('button', { name: 'Erase this person' }));
    expect(screen.getByRole('heading', { name: 'Erase this person?' })).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Erased: 3 records no longer name this person. Financial records were kept without the name.')).toBeTruthy();
    expect(calls).toEqual(['POST /api/admin/privacy/erase']);
    expect(bodies).toEqual([{ email: EMAIL }]);
  });

  it('sends nothing when the admin keeps the data', async () => {
    const calls = serve(() => json(200, { erased: true, records: 1 }));
    renderPage();
    await typeEmail();
    await userEvent.click(screen.getByRole('button', { name: 'Erase this person' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep their data' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Erase this person?' })).toBeNull());
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal of an erasure, and its message for the e-mail at the field', async () => {
    serve(() => json(422, { error: 'Enter a valid e-mail address', fields: { email: 'Enter a valid e-mail address' } }));
    renderPage();
    await typeEmail('not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Erase this person' }));
    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(screen.getAllByText('Enter a valid e-mail address')).toHaveLength(2));
    expect(screen.queryByText(/^Erased:/)).toBeNull();
  });

  it('says "The request failed. Please try again." when the server fails', async () => {
    serve(() => json(500, { error: 'Internal error' }));
    renderPage();
    await typeEmail();
    await userEvent.click(screen.getByRole('button', { name: 'Erase this person' }));
    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('The request failed. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Internal error')).toBeNull();
  });

  it('shows "Preparing the archive…" while the archive is made, then saves it and says so', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:archive');
    onTestFinished(() => createObjectURL.mockRestore());
    const held = heldAnswer();
    const bodies: unknown[] = [];
    const calls = serve(({ body }) => {
      bodies.push(body);
      return held.response;
    });
    renderPage();
    await typeEmail();
    await userEvent.click(screen.getByRole('button', { name: 'Download everything held' }));
    expect(await screen.findByRole('button', { name: 'Preparing the archive…' })).toBeTruthy();
    held.send(new Response(new Blob(['zip']), { status: 200, headers: { 'Content-Type': 'application/zip' } }));
    expect(
      await screen.findByText('The archive is downloaded: a JSON file and a CSV file for each kind of record held. Send it to the person by a safe route.'),
    ).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['POST /api/admin/privacy/archive']);
    expect(bodies).toEqual([{ email: EMAIL }]);
  });
});
