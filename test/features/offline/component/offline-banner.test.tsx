import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { londonDayTimeText } from '../../../../core/shared/london-time';
import { noteNoConnection, noteServerAnswer, noteStoredAnswer } from '../../../../web/src/lib/offline-status';
import { OfflineBanner } from '../../../../web/src/features/offline/offline-banner';
import { UpdatePrompt } from '../../../../web/src/features/offline/update-prompt';

// The status is the page's own (a module's state): each test starts online. The service worker's
// registration (start-offline.tsx) needs a browser's worker and the build's virtual module: the
// e2e offline tests cover it on Chromium.
afterEach(() => act(() => noteServerAnswer()));

const STORED_AT = 'Mon, 01 Jun 2026 08:30:00 GMT';

describe('The offline banner', () => {
  it('says nothing while the server answers', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when what is shown was last updated once a page comes from the device, and goes when the server answers', () => {
    render(<OfflineBanner />);
    act(() => noteStoredAnswer(STORED_AT));
    expect(screen.getByRole('status').textContent).toBe('Offline, last updated Mon 1 June 2026, 09:30');
    act(() => noteServerAnswer());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the oldest time when answers stored at different times are shown', () => {
    render(<OfflineBanner />);
    act(() => noteStoredAnswer(STORED_AT));
    act(() => noteStoredAnswer('Mon, 01 Jun 2026 10:00:00 GMT'));
    expect(screen.getByRole('status').textContent).toBe(`Offline, last updated ${londonDayTimeText(new Date(STORED_AT))}`);
  });

  it('says the device’s copy is shown when a request fails with no time known', () => {
    render(<OfflineBanner />);
    act(() => noteNoConnection());
    expect(screen.getByRole('status').textContent).toBe('Offline: showing what this device has kept');
  });
});

describe('The update prompt', () => {
  it('says a new version is ready, and Reload hands over to it once', async () => {
    const reload = vi.fn(() => new Promise<void>(() => undefined));
    render(<UpdatePrompt reload={reload} />);
    expect(screen.getByRole('status').textContent).toBe('A new version is ready. Reload');
    const button = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
