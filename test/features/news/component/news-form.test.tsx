import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NEWS_FORM_MESSAGES } from '@core/news/news-form';
import { NewsCreatePage } from '../../../../web/src/features/news/admin/components/news-form-pages';
import { json, renderAt, serve, heldAnswer } from '../../../support/component/render';

function renderForm() {
  return renderAt(
    '/admin/news/new',
    <Routes>
      <Route path="/admin/news/new" element={<NewsCreatePage />} />
      <Route path="/admin/news" element={<h1>News list</h1>} />
    </Routes>,
  );
}

const saved = {
  item: {
    id: 'n1',
    subject: 'Regatta',
    body: 'Come along',
    publishAt: '2026-12-01T10:00:00.000Z',
    status: 'draft',
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    label: 'Draft',
  },
};

describe('The news form', () => {
  it('sends the item written and goes back to the list', async () => {
    const bodies: unknown[] = [];
    const calls = serve(({ method, body }) => {
      if (method === 'POST') bodies.push(body);
      return json(201, saved);
    });
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Regatta');
    await userEvent.type(screen.getByLabelText(/^Body/), 'Come along');
    await userEvent.click(screen.getByRole('button', { name: 'Save News Item' }));
    expect(await screen.findByRole('heading', { name: 'News list' })).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/admin/news']);
    expect(bodies[0]).toMatchObject({ subject: 'Regatta', body: 'Come along', status: 'draft' });
  });

  it("shows the core rule's message at a submit, focuses the field, sends nothing, and clears it as the field changes", async () => {
    const calls = serve(() => json(201, saved));
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Body/), 'Come along');
    await userEvent.click(screen.getByRole('button', { name: 'Save News Item' }));
    const subject = screen.getByLabelText(/^Subject/);
    expect(await screen.findByText(NEWS_FORM_MESSAGES.subjectRequired)).toBeTruthy();
    expect(screen.getByText('Please correct the error below.')).toBeTruthy();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(subject.getAttribute('aria-describedby')).toContain('adm-news-subject-error');
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(calls).toEqual([]);
    await userEvent.type(subject, 'R');
    expect(screen.queryByText(NEWS_FORM_MESSAGES.subjectRequired)).toBeNull();
    expect(subject.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal beside its field and focuses it", async () => {
    serve(() => json(400, { error: 'Subject taken', fields: { subject: 'Subject taken' } }));
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Regatta');
    await userEvent.type(screen.getByLabelText(/^Body/), 'Come along');
    await userEvent.click(screen.getByRole('button', { name: 'Save News Item' }));
    const field = await screen.findByText('Subject taken', { selector: '.field-error' });
    expect(field.id).toBe('adm-news-subject-error');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Subject/)));
  });

  it('sends once while saving, its fields and button disabled', async () => {
    const held = heldAnswer();
    const calls = serve(() => held.response);
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Regatta');
    await userEvent.type(screen.getByLabelText(/^Body/), 'Come along');
    await userEvent.click(screen.getByRole('button', { name: 'Save News Item' }));
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText(/^Subject/).closest('fieldset')?.disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(201, saved));
    expect(await screen.findByRole('heading', { name: 'News list' })).toBeTruthy();
    expect(calls).toEqual(['POST /api/admin/news']);
  });
});
