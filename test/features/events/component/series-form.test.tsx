import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SeriesFormValues } from '@core/events/event-series';
import { emptySeriesForm, SeriesForm } from '../../../../web/src/features/events/admin/components/series-form';
import { renderAt } from '../../../support/component/render';

/** The "New series" form alone, its submits recorded. */
function renderForm() {
  const sent: SeriesFormValues[] = [];
  renderAt(
    '/admin/events/series/new',
    <SeriesForm
      initial={{ ...emptySeriesForm(), name: 'Wednesday evening racing' }}
      templates={null}
      submitLabel="Create series"
      submittingLabel="Creating…"
      onSubmit={async (values) => {
        sent.push(values);
        return null;
      }}
      onCancel={() => {}}
    />,
  );
  return sent;
}

const date = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('The series form’s repeat', () => {
  it('builds the rule from plain fields: every other Wednesday, ending after 4 dates', async () => {
    const sent = renderForm();
    await userEvent.click(screen.getByLabelText('Sunday'));
    await userEvent.click(screen.getByLabelText('Wednesday'));
    fireEvent.change(screen.getByLabelText('Every how many weeks'), { target: { value: '2' } });
    date(/^First date/, '2026-04-01');
    await userEvent.selectOptions(screen.getByLabelText('Ends'), 'After a number of dates');
    fireEvent.change(screen.getByLabelText('Number of dates'), { target: { value: '4' } });
    expect(await screen.findByText(/^4 dates: /)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Last date/) as HTMLInputElement).value).toBe('2026-05-13'));
    await userEvent.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', firstDate: '2026-04-01', lastDate: '2026-05-13' });
  });

  it('says the first Wednesday of each month, and keeps the rule as text for what the fields cannot say', async () => {
    const sent = renderForm();
    await userEvent.selectOptions(screen.getByLabelText(/^Repeats/), 'Monthly');
    await userEvent.click(screen.getByLabelText('Sunday'));
    await userEvent.click(screen.getByLabelText('Wednesday'));
    expect((screen.getByLabelText('Which of the month') as HTMLSelectElement).value).toBe('1');
    date(/^First date/, '2026-04-01');
    date(/^Last date/, '2026-06-30');
    expect(await screen.findByText(/^3 dates: /)).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Write the rule as text (advanced)'));
    const text = screen.getByLabelText(/^Repeats \(recurrence rule\)/) as HTMLInputElement;
    expect(text.value).toBe('FREQ=MONTHLY;BYDAY=1WE');
    await userEvent.clear(text);
    await userEvent.type(text, 'FREQ=MONTHLY;BYMONTHDAY=15');
    expect(await screen.findByText(/^3 dates: /)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rule: 'FREQ=MONTHLY;BYMONTHDAY=15', lastDate: '2026-06-30' });
  });

  it('shows a message about the rule beside the plain fields and focuses them', async () => {
    const sent = renderForm();
    date(/^First date/, '2026-04-01');
    date(/^Last date/, '2026-04-02');
    await userEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText(/The rule gives no date/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Repeats/)));
    expect(sent).toEqual([]);
  });
});
