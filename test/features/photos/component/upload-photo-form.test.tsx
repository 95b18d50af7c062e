import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotosPage, PHOTOS_MESSAGES } from '../../../../web/src/features/photos/admin/components/photos-page';
import { json, renderAt, serve, type FakeServer, heldAnswer, pressOnceWhileHeld } from '../../../support/component/render';

const JPEG = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'slipway.jpg', { type: 'image/jpeg' });

/** The photos screen with none yet; `upload` answers Upload Photo. */
function renderPage(upload: FakeServer) {
  const calls = serve((request) => (request.method === 'GET' ? json(200, { photos: [] }) : upload(request)));
  renderAt('/admin/photos', <PhotosPage />);
  return { uploads: () => calls.filter((call) => call.startsWith('POST')) };
}

const panel = async () => within((await screen.findByRole('heading', { name: 'Upload a Photo' })).closest('section') as HTMLElement);

async function fill() {
  const form = await panel();
  await userEvent.upload(form.getByLabelText(/^Photo/), JPEG());
  await userEvent.type(form.getByLabelText(/^Caption/), 'The slipway at dawn');
  return form;
}

describe('Upload a Photo', () => {
  it("sends the photo with its caption, and shows the server's refusal of the caption beside it", async () => {
    const { uploads } = renderPage(() => json(400, { error: 'The caption is too long', fields: { caption: 'The caption is too long' } }));
    const form = await fill();
    await userEvent.click(form.getByRole('button', { name: 'Upload Photo' }));
    expect((await form.findByText('The caption is too long')).id).toBe('adm-photo-caption-error');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/^Caption/)));
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]).toMatch(/^POST \/api\/admin\/photos\?.*caption=The\+slipway\+at\+dawn/);
  });

  it('asks for a photo at a submit without one, focuses the file field and sends nothing; choosing one clears it', async () => {
    const { uploads } = renderPage(() => json(400, { error: 'Refused' }));
    const form = await panel();
    await userEvent.type(form.getByLabelText(/^Caption/), 'The slipway at dawn');
    await userEvent.click(form.getByRole('button', { name: 'Upload Photo' }));
    expect(await form.findByText(PHOTOS_MESSAGES.noFile)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/^Photo/)));
    expect(uploads()).toEqual([]);
    await userEvent.upload(form.getByLabelText(/^Photo/), JPEG());
    expect(form.queryByText(PHOTOS_MESSAGES.noFile)).toBeNull();
  });

  it('uploads once while the request is under way', async () => {
    const held = heldAnswer();
    const { uploads } = renderPage(() => held.response);
    const form = await fill();
    await pressOnceWhileHeld(form, held, { submit: 'Upload Photo', busy: 'Uploading…', disabled: 'fieldset', answer: json(400, { error: 'Refused' }) });
    await form.findByRole('button', { name: 'Upload Photo' });
    expect(uploads()).toHaveLength(1);
  });
});
