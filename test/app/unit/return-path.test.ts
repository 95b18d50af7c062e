import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PATHS, RETURN_TO_PARAM, returnPathOf, signInPath } from '../../../core/shared/paths';

const SITE = 'https://members.example.org';

/** Where a browser on SITE goes when told to go to `path`. */
function browserGoes(path: string): URL {
  return new URL(path, SITE);
}

describe('returnPathOf: where a member returns after signing in', () => {
  it.each(['/duties?swap=abc123', '/event-booking?id=open-regatta', '/', '/news/1#top'])('keeps a path of this site, with its query and # part: %s', (path) => {
    expect(returnPathOf(path)).toBe(path);
  });

  it('refuses another site, however it is written, and anything not a path', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/duties',
      'https://evil.example',
      'https://evil.example/duties',
      'http:evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example',
      'javascript:alert(1)',
      'duties',
      '',
      ' /duties',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
      42,
      ['/duties'],
    ]) {
      expect(returnPathOf(bad), String(bad)).toBeNull();
    }
  });

  it('refuses the sign-in page itself, so signing in never loops', () => {
    expect(returnPathOf('/sign-in')).toBeNull();
    expect(returnPathOf('/Sign-In/?returnTo=/my')).toBeNull();
  });

  it('whatever it keeps, a browser reading it stays on this site', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl().map((u) => u.replace(/^https?:/, '')),
          fc.webPath(),
          fc.string().map((s) => `/${s}`),
        ),
        (value) => {
          const path = returnPathOf(value);
          if (path === null) return;
          expect(path.startsWith('/')).toBe(true);
          expect(path.startsWith('//')).toBe(false);
          expect(browserGoes(path).origin).toBe(SITE);
          // Kept once, kept the same: the sign-in link carries it unchanged.
          expect(returnPathOf(path)).toBe(path);
        },
      ),
    );
  });

  it('signInPath carries a kept path as returnTo, and drops one it refuses', () => {
    const link = signInPath('/duties?swap=abc&x=1');
    const url = new URL(link, SITE);
    expect(url.pathname).toBe(PATHS.signIn);
    expect(url.searchParams.get(RETURN_TO_PARAM)).toBe('/duties?swap=abc&x=1');
    expect(signInPath('//evil.example')).toBe(PATHS.signIn);
    expect(signInPath(null)).toBe(PATHS.signIn);
    expect(signInPath()).toBe(PATHS.signIn);
  });
});
