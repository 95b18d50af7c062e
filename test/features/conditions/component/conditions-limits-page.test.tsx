import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConditionsLimitsSchema, DEFAULT_CONDITIONS_LIMITS } from '../../../../core/conditions/conditions-limits';
import { ConditionsLimitsAnswerSchema } from '../../../../core/conditions/conditions-schema';
import { ConditionsLimitsPage } from '../../../../web/src/features/conditions/admin/components/conditions-limits-page';
import { renderAdminAt, serveAdmin } from '../../../support/component/admin';
import { json, heldAnswer, failingUntilTryAgain } from '../../../support/component/render';

const SUGGESTED = ConditionsLimitsAnswerSchema.parse({ limits: DEFAULT_CONDITIONS_LIMITS, saved: false });
const LIMITS_PATH = '/api/admin/conditions/limits';

function renderPage() {
  return renderAdminAt('/admin/conditions', '/admin/conditions', <ConditionsLimitsPage />);
}

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

describe('The Wind Limits page', () => {
  it('shows "Loading the limits…" until they come, then each kind with its wind and gust limits', async () => {
    const held = heldAnswer();
    const calls = serveAdmin(['events:read', 'events:write'], () => held.response);
    renderPage();
    expect(await screen.findByText('Loading the limits…')).toBeTruthy();
    held.send(json(200, SUGGESTED));
    expect(await screen.findByRole('heading', { name: 'Limits per kind of event' })).toBeTruthy();
    expect(value('Kind 1: name')).toBe('Club racing');
    expect(value('Club racing: wind limit in knots')).toBe('20');
    expect(value('Club racing: gust limit in knots')).toBe('28');
    expect(value('Junior training: wind limit in knots')).toBe('12');
    expect(value('Margin (kn): near the limits from this far below them')).toBe('3');
    expect(screen.getByText('These are the suggested limits: save them, or your own, to keep them.')).toBeTruthy();
    expect(screen.queryByText('Loading the limits…')).toBeNull();
    expect(calls).toEqual([`GET ${LIMITS_PATH}`]);
  });

  it('saves the limits as changed and says "Limits saved."', async () => {
    const bodies: unknown[] = [];
    const calls = serveAdmin(['events:read', 'events:write'], ({ method, body }) => {
      if (method === 'GET') return json(200, SUGGESTED);
      bodies.push(body);
      return json(200, { limits: ConditionsLimitsSchema.parse({ ...DEFAULT_CONDITIONS_LIMITS, marginKn: 4 }) });
    });
    renderPage();
    const margin = await screen.findByLabelText('Margin (kn): near the limits from this far below them');
    await userEvent.clear(margin);
    await userEvent.type(margin, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Adult training' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Limits saved.')).toBeTruthy();
    expect(calls.slice(0, 2)).toEqual([`GET ${LIMITS_PATH}`, `PUT ${LIMITS_PATH}`]);
    expect(bodies).toEqual([
      {
        kinds: [
          { id: 'club-racing', name: 'Club racing', windKn: 20, gustKn: 28 },
          { id: 'junior-training', name: 'Junior training', windKn: 12, gustKn: 18 },
        ],
        defaultKind: 'club-racing',
        marginKn: 4,
      },
    ]);
  });

  it('shows the server’s message at the field it refused, and the refusal above the form', async () => {
    serveAdmin(['events:read', 'events:write'], ({ method }) =>
      method === 'GET'
        ? json(200, SUGGESTED)
        : json(400, { error: 'Check the limits', fields: { 'kinds.0.windKn': 'Enter the wind limit in knots, from 0 to 100' } }),
    );
    renderPage();
    const wind = await screen.findByLabelText('Club racing: wind limit in knots');
    await userEvent.clear(wind);
    await userEvent.click(screen.getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Enter the wind limit in knots, from 0 to 100')).toBeTruthy();
    expect(screen.getByText('Check the limits')).toBeTruthy();
    expect(wind.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Limits saved.')).toBeNull();
  });

  it('shows the limits read-only, with no Save, to an admin who may not change events', async () => {
    serveAdmin(['events:read'], () => json(200, ConditionsLimitsAnswerSchema.parse({ limits: DEFAULT_CONDITIONS_LIMITS, saved: true })));
    renderPage();
    const wind = await screen.findByLabelText('Club racing: wind limit in knots');
    expect((wind as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Limits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a kind of event' })).toBeNull();
    expect(screen.queryByText('These are the suggested limits: save them, or your own, to keep them.')).toBeNull();
  });

  it('says "Failed to load the limits" when the server fails, and Try Again asks again', async () => {
    const read = failingUntilTryAgain(() => json(200, SUGGESTED));
    const calls = serveAdmin(['events:read', 'events:write'], read.server);
    renderPage();
    expect(await screen.findByText('Failed to load the limits')).toBeTruthy();
    await read.tryAgain();
    expect(await screen.findByRole('heading', { name: 'Limits per kind of event' })).toBeTruthy();
    expect(calls).toEqual([`GET ${LIMITS_PATH}`, `GET ${LIMITS_PATH}`]);
  });
});
