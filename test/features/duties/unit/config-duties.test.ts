import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import { problemsOf } from '../../../support/unit/config-problems';

describe('duty reminder and alert settings', () => {
  it('default to reminders 14 and 3 days before and a red light alert within 7 days', () => {
    const config = loadConfig({});
    expect(config.dutyReminderDays).toEqual([14, 3]);
    expect(config.dutyRedAlertDays).toBe(7);
  });

  it('take days most first without repeats, none, or 0 for no alert', () => {
    expect(loadConfig({ DUTY_REMINDER_DAYS: '3, 21,3' }).dutyReminderDays).toEqual([21, 3]);
    expect(loadConfig({ DUTY_REMINDER_DAYS: 'None' }).dutyReminderDays).toEqual([]);
    expect(loadConfig({ DUTY_RED_ALERT_DAYS: '0' }).dutyRedAlertDays).toBe(0);
  });

  it('name bad values', () => {
    expect(problemsOf({ DUTY_REMINDER_DAYS: '14,soon', DUTY_RED_ALERT_DAYS: '90' })).toEqual([
      'DUTY_REMINDER_DAYS: must be days from 1 to 60 separated by commas, e.g. 14,3, or none (got "14,soon")',
      'DUTY_RED_ALERT_DAYS: must be between 0 and 60 (got 90)',
    ]);
  });
});
