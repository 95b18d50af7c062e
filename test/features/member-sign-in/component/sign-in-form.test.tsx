import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@core/member-sign-in/member-sign-in';
import { SignInPage } from '../../../../web/src/features/member-sign-in/components/sign-in-page';
import { json, renderAt, serve, type FakeServer, heldAnswer } from '../../../support/component/render';

const SENT = "If that address is a member's, a code is on its way.";

/** The sign-in page for nobody signed in; `answer` answers the POSTs. */
function renderPage(answer: FakeServer) {
  const bodies: unknown[] = [];
  const calls = serve((request) => {
    if (request.method !== 'POST') return json(200, { member: null });
    bodies.push(request.body);
    return answer(request);
  });
  renderAt('/sign-in', <SignInPage />);
  return { posts: () => calls.filter((call) => call.startsWith('POST')), bodies };
}

describe('The member sign-in form', () => {
  it('sends the e-mail for a code, then the code', async () => {
    const { posts, bodies } = renderPage(({ path }) =>
      path === '/api/member/sign-in/code'
        ? json(200, { message: SENT })
        : json(400, { error: SIGN_IN_MESSAGES.codeInvalid, fields: { code: SIGN_IN_MESSAGES.codeInvalid } }),
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The server's refusal of the code, said once, beside the field, which has the focus.
    expect((await screen.findByText(SIGN_IN_MESSAGES.codeInvalid)).id).toBe('sign-in-code-error');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('6-digit code')));
    expect(posts()).toEqual(['POST /api/member/sign-in/code', 'POST /api/member/sign-in']);
    expect(bodies).toEqual([{ email: 'ann@club.example' }, { email: 'ann@club.example', code: '123456' }]);
  });

  it("shows the schema's message for a bad address at a submit, focuses it, sends nothing, and clears it as it changes", async () => {
    const { posts } = renderPage(() => json(200, { message: SENT }));
    const email = await screen.findByLabelText('Email');
    await userEvent.type(email, 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.emailInvalid)).toBeTruthy();
    expect(email.getAttribute('aria-describedby')).toBe('sign-in-email-error');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(posts()).toEqual([]);
    await userEvent.type(email, '@club.example');
    expect(screen.queryByText(SIGN_IN_MESSAGES.emailInvalid)).toBeNull();
  });

  it('asks for one code while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@club.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(busy);
    held.send(json(200, { message: SENT }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(posts()).toEqual(['POST /api/member/sign-in/code']);
  });
});
