import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@core/documents/documents';
import { DocumentsPage } from '../../../../web/src/features/documents/admin/components/documents-page';
import { json, renderAt, serve, type FakeServer, heldAnswer, pressOnceWhileHeld } from '../../../support/component/render';

const PDF = () => new File(['%PDF-1.7\n%minimal\n'], 'rules.pdf', { type: 'application/pdf' });

/** The documents screen with none yet; `upload` answers Upload Document. */
function renderPage(upload: FakeServer) {
  const calls = serve((request) => (request.method === 'GET' ? json(200, { documents: [] }) : upload(request)));
  renderAt('/admin/documents', <DocumentsPage />);
  return { uploads: () => calls.filter((call) => call.startsWith('POST')) };
}

const panel = async () => within((await screen.findByRole('heading', { name: 'Upload a Document' })).closest('section') as HTMLElement);

async function fill() {
  const form = await panel();
  await userEvent.type(form.getByLabelText(/^Title/), 'Club rules');
  await userEvent.type(form.getByLabelText(/^Category/), 'Rules');
  await userEvent.upload(form.getByLabelText(/^PDF file/), PDF());
  return form;
}

describe('Upload a Document', () => {
  it("sends the PDF with its title and category, and shows the server's refusal of a field beside it", async () => {
    const { uploads } = renderPage(() => json(400, { error: 'A document has this title already', fields: { title: 'A document has this title already' } }));
    const form = await fill();
    await userEvent.click(form.getByRole('button', { name: 'Upload Document' }));
    expect((await form.findByText('A document has this title already')).id).toBe('adm-doc-new-title-error');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/^Title/)));
    expect(uploads()).toEqual(['POST /api/admin/documents?title=Club+rules&description=&category=Rules&fileName=rules.pdf']);
  });

  it("shows the schema's message at a submit, focuses the field, sends nothing, and clears it as it changes", async () => {
    const { uploads } = renderPage(() => json(400, { error: 'Refused' }));
    const form = await fill();
    await userEvent.clear(form.getByLabelText(/^Title/));
    await userEvent.click(form.getByRole('button', { name: 'Upload Document' }));
    expect(await form.findByText(DOCUMENT_MESSAGES.title)).toBeTruthy();
    expect(form.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText(/^Title/)));
    expect(uploads()).toEqual([]);
    await userEvent.type(form.getByLabelText(/^Title/), 'C');
    expect(form.queryByText(DOCUMENT_MESSAGES.title)).toBeNull();
  });

  it('uploads once while the request is under way', async () => {
    const held = heldAnswer();
    const { uploads } = renderPage(() => held.response);
    const form = await fill();
    await pressOnceWhileHeld(form, held, { submit: 'Upload Document', busy: 'Uploading…', disabled: 'fieldset', answer: json(400, { error: 'Refused' }) });
    await form.findByRole('button', { name: 'Upload Document' });
    expect(uploads()).toHaveLength(1);
  });
});
