import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MyDutiesSchema, type MyDuties } from '../../../../core/duties/my-duties-schema';
import { MemberSessionAnswerSchema } from '../../../../core/member-sign-in/member-sign-in';
import { DutyCatalogueSchema } from '../../../../core/duties/duty-forms';
import { DutiesPage } from '../../../../web/src/features/duties/components/duties-page';
import { DutiesPage as AdminDutiesPage } from '../../../../web/src/features/duties/admin/components/duties-page';
import { json, renderAt, serve, type FakeServer, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const ANN = MemberSessionAnswerSchema.parse({ member: { id: 'member-ann', name: 'Ann Jones', email: 'ann@example.com', renewalDate: '2027-03-31' } });
const START = '2026-07-04T09:00:00.000Z';
const END = '2026-07-04T16:00:00.000Z';

const DUTIES: MyDuties = MyDutiesSchema.parse({
  duties: [
    { slotId: 'slot-ood', dutyTypeName: 'Officer of the Day', eventId: 'summer-regatta', eventName: 'Summer Regatta', start: START, end: END, swapId: null },
  ],
  open: [],
  rota: [
    {
      eventId: 'summer-regatta',
      eventName: 'Summer Regatta',
      start: START,
      end: END,
      slots: [
        {
          slotId: 'slot-ood',
          dutyTypeName: 'Officer of the Day',
          description: '',
          needed: 1,
          optional: false,
          holders: ['Ann J.'],
          refusal: 'You are on this duty',
        },
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
    const held = heldAnswer();
    const calls = serve(server(() => held.response));
    renderAt('/duties', <DutiesPage />);
    expect(await screen.findByText('Loading your duties…')).toBeTruthy();
    expect(screen.getByText('Loading the rota…')).toBeTruthy();
    held.send(json(200, DUTIES));
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
    const read = failingUntilTryAgain(() => json(200, DUTIES));
    const calls = serve(server(read.server));
    renderAt('/duties', <DutiesPage />);
    expect(await screen.findByText('Failed to load your duties')).toBeTruthy();
    await read.tryAgain();
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
    serve(
      server(
        () => json(200, DUTIES),
        () => json(409, { error: 'This duty is already filled' }),
      ),
    );
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

const CATALOGUE = DutyCatalogueSchema.parse({
  qualifications: [
    { id: 'pb2', name: 'Powerboat Level 2', validityMonths: null },
    { id: 'first-aid', name: 'First Aid', validityMonths: 36 },
  ],
  dutyTypes: [{ id: 'safety-boat', name: 'Safety boat', description: 'Drive the RIB', qualificationIds: ['pb2', 'first-aid'] }],
  templates: [{ id: 'club-racing', name: 'Club racing', needs: [{ dutyTypeId: 'safety-boat', needed: 2, optional: false }] }],
});
const EMPTY_CATALOGUE = DutyCatalogueSchema.parse({ qualifications: [], dutyTypes: [], templates: [] });

describe('The admins’ Duties screen', () => {
  it('shows "Loading duties…" until the catalogue comes, then the qualifications, duty types and templates', async () => {
    const held = heldAnswer();
    const calls = serve(() => held.response);
    renderAt('/admin/duties', <AdminDutiesPage />);
    expect(screen.getByText('Loading duties…')).toBeTruthy();
    held.send(json(200, CATALOGUE));
    const qualifications = within(await screen.findByRole('region', { name: 'Qualifications' }));
    expect(qualifications.getByText('Powerboat Level 2').closest('li')?.textContent).toContain('Powerboat Level 2 (does not expire)');
    expect(qualifications.getByText('First Aid').closest('li')?.textContent).toContain('First Aid (valid 36 months)');
    expect(
      within(screen.getByRole('region', { name: 'Duty types' }))
        .getByText('Safety boat')
        .closest('li')?.textContent,
    ).toContain('Safety boat needs Powerboat Level 2, First Aid');
    expect(
      within(screen.getByRole('region', { name: 'Templates' }))
        .getByText('Club racing')
        .closest('li')?.textContent,
    ).toContain('Club racing: 2 × Safety boat');
    expect(calls).toEqual(['GET /api/admin/duties']);
  });

  it('says there are no qualifications yet and asks for duty types first on an empty catalogue', async () => {
    serve(() => json(200, EMPTY_CATALOGUE));
    renderAt('/admin/duties', <AdminDutiesPage />);
    expect(await screen.findByText('No qualifications yet.')).toBeTruthy();
    expect(screen.getByText('Add duty types first.')).toBeTruthy();
  });

  it('says "Failed to load the duties" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, CATALOGUE));
    const calls = serve(read.server);
    renderAt('/admin/duties', <AdminDutiesPage />);
    expect(await screen.findByText('Failed to load the duties')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('region', { name: 'Qualifications' })).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/duties', 'GET /api/admin/duties']);
  });

  it('adds a qualification as typed, then reads the catalogue again', async () => {
    const bodies: unknown[] = [];
    const calls = serve(({ method, body }) => {
      if (method === 'GET') return json(200, CATALOGUE);
      bodies.push(body);
      return json(201, { qualification: { id: 'rya-ro', name: 'Race Officer', validityMonths: 60 } });
    });
    renderAt('/admin/duties', <AdminDutiesPage />);
    await userEvent.type(await screen.findByLabelText(/Qualification name/), 'Race Officer');
    await userEvent.type(screen.getByLabelText('Valid for (months, empty if it never expires)'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Add qualification' }));
    await waitFor(() => expect(calls).toEqual(['GET /api/admin/duties', 'POST /api/admin/duties/qualifications', 'GET /api/admin/duties']));
    expect(bodies).toEqual([{ name: 'Race Officer', validityMonths: 60 }]);
    await waitFor(() => expect((screen.getByLabelText(/Qualification name/) as HTMLInputElement).value).toBe(''));
  });

  it('adds a template whose line allows a second duty that day, and lists it so', async () => {
    const bodies: unknown[] = [];
    const saved = { id: 'double', name: 'Double header', needs: [{ dutyTypeId: 'safety-boat', needed: 1, optional: false, allowsSecondDuty: true }] };
    let after = CATALOGUE;
    const calls = serve(({ method, body }) => {
      if (method === 'GET') return json(200, after);
      bodies.push(body);
      after = { ...CATALOGUE, templates: [...CATALOGUE.templates, saved] };
      return json(201, saved);
    });
    renderAt('/admin/duties', <AdminDutiesPage />);
    await userEvent.type(await screen.findByLabelText(/Template name/), 'Double header');
    await userEvent.type(screen.getByLabelText('How many Safety boat'), '1');
    await userEvent.click(screen.getByLabelText('Someone on Safety boat may have a second duty that day'));
    await userEvent.click(screen.getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(calls).toEqual(['GET /api/admin/duties', 'POST /api/admin/duties/templates', 'GET /api/admin/duties']));
    expect(bodies).toEqual([saved].map(({ name, needs }) => ({ name, needs })));
    const templates = within(screen.getByRole('region', { name: 'Templates' }));
    expect((await templates.findByText('Double header')).closest('li')?.textContent).toContain('1 × Safety boat (a second duty that day allowed)');
  });

  it('shows the server’s refusal of a deletion', async () => {
    serve(({ method }) => (method === 'GET' ? json(200, CATALOGUE) : json(409, { error: 'Safety boat needs this qualification: change it first' })));
    renderAt('/admin/duties', <AdminDutiesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Powerboat Level 2' }));
    const refusal = await screen.findByText('Safety boat needs this qualification: change it first');
    // Announced once: one alert, not an alert inside another (a screen reader would read it twice).
    expect(screen.getAllByRole('alert')).toEqual([refusal.closest('[role="alert"]')]);
    expect(screen.getByRole('button', { name: 'Delete Powerboat Level 2' })).toBeTruthy();
  });
});
