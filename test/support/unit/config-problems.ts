import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

/** What loadConfig refuses in these settings, one line a problem (fails the test when it accepts them). */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}
