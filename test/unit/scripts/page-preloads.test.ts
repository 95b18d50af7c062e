import { describe, expect, it } from 'vitest';
import { pagePreloads, PAGE_MODULES, type BuiltChunk } from '../../../scripts/page-preloads';
import { PATHS } from '../../../core/paths';

/** A build as Rollup hands it over: the entry, a page with its data reader, chunks they share. */
const CHUNKS: BuiltChunk[] = [
  { fileName: 'assets/index-1.js', modules: ['index.html', 'src/main.tsx'], isEntry: true, imports: ['assets/react-2.js'], css: ['assets/index-1.css'] },
  { fileName: 'assets/react-2.js', modules: [], isEntry: false, imports: [], css: [] },
  {
    fileName: 'assets/page-3.js',
    modules: ['src/features/booking/components/event-booking-page.tsx'],
    isEntry: false,
    imports: ['assets/index-1.js', 'assets/schemas-4.js', 'assets/button-5.js'],
    css: [],
  },
  { fileName: 'assets/schemas-4.js', modules: ['core/entities/event.ts'], isEntry: false, imports: ['assets/index-1.js'], css: [] },
  { fileName: 'assets/button-5.js', modules: ['src/components/ui/button.tsx'], isEntry: false, imports: ['assets/schemas-4.js'], css: ['assets/button-5.css', 'assets/index-1.css'] },
  { fileName: 'assets/reader-6.js', modules: ['src/features/booking/api/get-booking-event.ts'], isEntry: false, imports: ['assets/schemas-4.js'], css: [] },
  { fileName: 'assets/payment-7.js', modules: ['src/features/payment/components/payment-step.tsx'], isEntry: false, imports: ['assets/button-5.js'], css: [] },
];
const BOOKING = { [PATHS.eventBooking]: ['src/features/booking/components/event-booking-page.tsx', 'src/features/booking/api/get-booking-event.ts'] };

describe('page-preloads.json', () => {
  it("lists a page's chunks and style sheets that the entry does not bring, each once, and not what it loads later", () => {
    expect(pagePreloads(CHUNKS, BOOKING)).toEqual({
      pages: {
        '/event-booking': {
          scripts: ['/assets/page-3.js', '/assets/schemas-4.js', '/assets/button-5.js', '/assets/reader-6.js'],
          styles: ['/assets/button-5.css'],
        },
      },
    });
  });

  it('fails the build when a listed module is no longer in it', () => {
    expect(() => pagePreloads(CHUNKS, { '/gone': ['src/features/gone/gone-page.tsx'] })).toThrow(/gone-page\.tsx \(page \/gone\) is not a chunk of the build/);
  });

  it("lists every members' page but Home, which the entry draws", () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(
      Object.entries(PATHS)
        .filter(([name]) => name !== 'home')
        .map(([, path]) => path)
        .sort(),
    );
  });
});
