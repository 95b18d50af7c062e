import { describe, expect, it } from 'vitest';
import { pageScripts, pageStyleSheets } from '../../../server/http/member-pages';

// A build's manifest: the entry brings React and the shared UI; the booking page brings its form,
// which imports the schemas, which import zod (and the entry's shared UI again).
const manifest = {
  'web/src/main.tsx': { file: 'assets/index-A.js', isEntry: true, imports: ['_ui-B.js'] },
  '_ui-B.js': { file: 'assets/ui-B.js' },
  '_zod-C.js': { file: 'assets/zod-C.js' },
  '_schemas-D.js': { file: 'assets/schemas-D.js', imports: ['_zod-C.js', '_ui-B.js'], css: ['assets/schemas-D.css'] },
  'web/src/features/bookings/booking-page.tsx': { file: 'assets/booking-page-E.js', imports: ['_schemas-D.js', '_zod-C.js'], css: ['assets/booking-E.css'] },
};

describe("a page's script chunks", () => {
  it('lists each chunk after those it imports, once, without what the entry brings', () => {
    expect(pageScripts(manifest, ['web/src/features/bookings/booking-page.tsx'])).toEqual([
      '/assets/zod-C.js',
      '/assets/schemas-D.js',
      '/assets/booking-page-E.js',
    ]);
  });

  it('names nothing for a module the build does not know', () => {
    expect(pageScripts(manifest, ['web/src/nowhere.tsx'])).toEqual([]);
  });

  it("keeps the page's style sheets as before", () => {
    expect(pageStyleSheets(manifest, ['web/src/features/bookings/booking-page.tsx'])).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/schemas-D.css"><link rel="stylesheet" crossorigin href="/assets/booking-E.css">',
    );
  });
});
