import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WORK_DAY_MESSAGES } from '@core/work-days/work-days';
import { WorkDayPage } from '../../../../web/src/features/work-days/components/work-day-page';
import { json, renderAt, type FakeServer, heldAnswer, serveForm, pressOnceWhileHeld } from '../../../support/component/render';

const WORK_DAY = {
  id: 'w1',
  name: 'Spring Work Day',
  description: 'Getting the boats ready.',
  date: '2027-03-20T09:00:00.000Z',
  foodAvailable: true,
  active: true,
  tools: '',
  notes: '',
  jobs: [{ id: 'j1', title: 'Painting', description: '', volunteersNeeded: 4, currentVolunteers: 1 }],
};

function renderPage(answer: FakeServer) {
  const recorded = serveForm(answer, () => json(200, { workDay: WORK_DAY }));
  renderAt('/work-day-booking?id=w1', <WorkDayPage />);
  return recorded;
}

async function fill() {
  await userEvent.type(await screen.findByLabelText('First Name *'), 'Ann');
  await userEvent.type(screen.getByLabelText('Last Name *'), 'Sailor');
  await userEvent.click(screen.getByLabelText(/Painting/));
}

describe('The work-day sign-up form', () => {
  it('sends the name and jobs ticked, then confirms', async () => {
    const { posts, bodies } = renderPage(() => json(201, { signupId: 's1', jobsChosen: 1 }));
    await fill();
    await userEvent.click(screen.getByLabelText('I would like food on the day'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    expect(posts()).toEqual(['POST /api/work-days/w1/signups']);
    expect(bodies[0]).toEqual({
      firstName: 'Ann',
      lastName: 'Sailor',
      selectedJobs: ['j1'],
      otherJob: '',
      notes: '',
      bringingTools: false,
      wantsFood: true,
      email: '',
    });
  });

  it("names the rule's one problem for the form at a submit, sends nothing, and clears it as a value changes", async () => {
    const { posts } = renderPage(() => json(201, { signupId: 's1', jobsChosen: 1 }));
    await userEvent.type(await screen.findByLabelText('First Name *'), 'Ann');
    await userEvent.type(screen.getByLabelText('Last Name *'), 'Sailor');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(WORK_DAY_MESSAGES.jobRequired)).toBeTruthy();
    expect(posts()).toEqual([]);
    await userEvent.click(screen.getByLabelText(/Painting/));
    expect(screen.queryByText(WORK_DAY_MESSAGES.jobRequired)).toBeNull();
  });

  it("says the server's refusal for the form", async () => {
    renderPage(() => json(409, { error: WORK_DAY_MESSAGES.jobsFull(['Painting']) }));
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(WORK_DAY_MESSAGES.jobsFull(['Painting']))).toBeTruthy();
  });

  it('signs up once while the request is under way', async () => {
    const held = heldAnswer();
    const { posts } = renderPage(() => held.response);
    await fill();
    await pressOnceWhileHeld(screen, held, {
      submit: 'Sign Up',
      busy: 'Signing up...',
      disabled: 'button',
      again: 'submit',
      answer: json(201, { signupId: 's1', jobsChosen: 1 }),
    });
    await screen.findByRole('heading', { name: 'Booking Confirmed' });
    expect(posts()).toEqual(['POST /api/work-days/w1/signups']);
  });
});
