import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MyDutiesSchema, type MyDuties } from '../../../../core/duties/my-duties-schema';
import { MemberSessionAnswerSchema } from '../../../../core/member-sign-in/member-sign-in';
import { DutiesPage } from '../../../../web/src/features/duties/components/duties-page';
import { json, renderAt, serve, type FakeServer } from '../../../support/component/render';

const ANN = MemberSessionAnswerSchema.parse({ member: { id: 'member-ann', name: 'Ann Jones', email: 'ann@example.com', renewalDate: '2027-03-31' } });
const START = '2026-07-04T09:00:00.000Z';
const END = '2026-07-04T16:00:00.000Z';

const DUTIES: MyDuties = MyDutiesSchema.parse({
  duties: [{ slotId: 'slot-ood', dutyTypeName: 'Officer of the Day', eventId: 'summer-regatta', eventName: 'Summer Regatta', start: START, end: END, swapId: null }],
  open: [],
  rota: [
    {
      eventId: 'summer-regatta',
      eventName: 'Summer Regatta',
      start: START,
      end: END,
      slots: [
        { slotId: 'slot-ood', dutyTypeName: 'Officer of the Day', description: '', needed: 1, optional: false, holders: ['Ann J.'], refusal: 'You are on this duty' },
        { slotId: 'slot-safety', dutyTypeName: 'Safety boat', description: 'Drive the RIB', needed: 2, optional: false, holders: ['Bob S.'], refusal: null },
        { slotId: 'slot-pb', dutyTypeName: 'Mark layer', description: '', needed: 1, optional: true, holders: [], refusal: 'Needs Powerboat Level 2' },
      ],
    },
  ],
});
const NO_DUTIES = MyDutiesSchema.parse({ duties: [], open: [], rota: [] });

/** Ann signed in; GET /api/my/duties answered by `duties`, every change by `change`. */
function server(duties: () => Response | Promise<Response>, change: FakeServer = () => new Response(null, { status: 204 })): FakeServer {
  return (request) => {
    if (request.path === '/api/member/session') return json(200, ANN);
    if (request.method === 'GET' && request.path === '/api/my/duties') return duties();
    return change(request);
  };
}

describe('The duties page', () => {
  it('asks a visitor to sign in, and asks nothing about duties', async () => {
    const calls = serve(() => json(200, { member: null }));
    renderAt('/duties', <DutiesPage />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'sign in' });
    expect(link.closest('p')?.textContent).toBe('Please sign in to see your duties, volunteer for open ones.');
    expect(calls).toEqual(['GET /api/member/session']);
  });

  it('shows "Loading your duties…" until they come, then the member’s duties and the rota', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = serve(server(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAt('/duties', <DutiesPage />);
    expect(await screen.findByText('Loading your duties…')).toBeTruthy();
    expect(screen.getByText('Loading the rota…')).toBeTruthy();
    answer(json(200, DUTIES));
    expect(await screen.findByRole('button', { name: 'Withdraw from Officer of the Day at Summer Regatta' })).toBeTruthy();
    expect(screen.getByText('Every event’s duties and who is on them. Volunteer for any open to you.')).toBeTruthy();
    const rota = within(screen.getByRole('article', { name: 'Summer Regatta' }));
    expect(rota.getByText('On duty: Bob S.')).toBeTruthy();
    expect(rota.getByText('On duty: nobody yet')).toBeTruthy();
    expect(rota.getByText('Needs Powerboat Level 2')).toBeTruthy();
    expect(rota.getByRole('button', { name: 'Volunteer for Safety boat at Summer Regatta' })).toBeTruthy();
    expect(rota.queryByRole('button', { name: 'Volunteer for Mark layer at Summer Regatta' })).toBeNull();
    expect(calls).toEqual(['GET /api/member/session', 'GET /api/my/duties']);
  });

  it('says "You are on no duty yet." and "No event has duties yet." when there are none', async () => {
    serve(server(() => json(200, NO_DUTIES)));
    renderAt('/duties', <DutiesPage />);
    expect(await screen.findByText('You are on no duty yet.')).toBeTruthy();
    expect(screen.getByText('No event has duties yet.')).toBeTruthy();
    expect(screen.getByText('Every event’s duties and who is on them. No open duty needs you just now.')).toBeTruthy();
  });

  it('says "Failed to load your duties" when the server fails, and Try Again asks again', async () => {
    let failing = true;
    const calls = serve(server(() => (failing ? json(500, { error: 'Internal error' }) : json(200, DUTIES))));
    renderAt('/duties', <DutiesPage />);
    expect(await screen.findByText('Failed to load your duties')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Withdraw from Officer of the Day at Summer Regatta' })).toBeTruthy();
    expect(calls.filter((call) => call === 'GET /api/my/duties')).toHaveLength(2);
  });

  it('volunteers for the slot chosen, thanks the member and reads the duties again', async () => {
    const calls = serve(server(() => json(200, DUTIES)));
    renderAt('/duties', <DutiesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Volunteer for Safety boat at Summer Regatta' }));
    expect(await screen.findByText('Thank you: you are on this duty. It is listed under My duties.')).toBeTruthy();
    expect(calls.slice(0, 3)).toEqual(['GET /api/member/session', 'GET /api/my/duties', 'POST /api/my/duties/slot-safety']);
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/my/duties')).toHaveLength(2));
  });

  it('shows the server’s refusal when the slot cannot be taken', async () => {
    serve(server(() => json(200, DUTIES), () => json(409, { error: 'This duty is already filled' })));
    renderAt('/duties', <DutiesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Volunteer for Safety boat at Summer Regatta' }));
    expect(await screen.findByText('This duty is already filled')).toBeTruthy();
    expect(screen.queryByText('Thank you: you are on this duty. It is listed under My duties.')).toBeNull();
  });

  it('withdraws the member from their duty and says so', async () => {
    const calls = serve(server(() => json(200, DUTIES)));
    renderAt('/duties', <DutiesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw from Officer of the Day at Summer Regatta' }));
    expect(await screen.findByText('You are off that duty.')).toBeTruthy();
    expect(calls).toContain('DELETE /api/my/duties/slot-ood');
  });
});
