import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderNewsBody } from '../../../../core/news/news-body';
import { SearchRecordSchema } from '../../../../core/search/search-hit';
import { SITE_PAGE_BODY_MAX, SITE_PAGE_PATHS, SITE_PAGE_SLUGS, SITE_PAGE_TITLE_MAX, SitePageSchema } from '../../../../core/site-pages/site-page';
import { renderSitePage, sitePageSearchRecords, sitePageSections } from '../../../../core/site-pages/site-page-content';
import { defaultSitePage } from '../../../../core/site-pages/site-page-defaults';
import { SITE_PAGE_FORM_MESSAGES, validateSitePageForm } from '../../../../core/site-pages/site-page-form';
import { WATER_LEVEL_CHART_MARKER } from '../../../../core/site-pages/site-page-marker';
import type { SitePagePart } from '../../../../core/site-pages/site-page-schema';

const BITS = [
  '## Heading\n',
  '# Title\n',
  '- item\n',
  '**bold** ',
  '[calendar](/calendar) ',
  '| a | b |\n| --- | --- |\n| 1 | 2 |\n',
  '\n\n',
  `${WATER_LEVEL_CHART_MARKER}\n`,
  `\n${WATER_LEVEL_CHART_MARKER}\n\n`,
  '```\n',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  'words ',
];
const markdownish = fc
  .array(fc.oneof(fc.constantFrom(...BITS), fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 14 })
  .map((parts) => parts.join(''));

/** The parts put back together as the renderer wrote them. */
const joined = (parts: SitePagePart[]) => parts.map((part) => (part.kind === 'html' ? part.html : `<p>${WATER_LEVEL_CHART_MARKER}</p>`)).join('');
const htmlOf = (parts: SitePagePart[]) => parts.map((part) => (part.kind === 'html' ? part.html : '')).join('');
const charts = (parts: SitePagePart[]) => parts.filter((part) => part.kind === 'waterLevelChart').length;

describe('renderSitePage (the news renderer, cut where the chart stands)', () => {
  it("is the news items' sanitised HTML, cut only at the chart's own paragraph, with no empty part", async () => {
    await fc.assert(
      fc.asyncProperty(markdownish, async (body) => {
        const parts = await renderSitePage(body);
        expect(joined(parts).replace(/\s+/g, '')).toBe((await renderNewsBody(body)).replace(/\s+/g, ''));
        for (const part of parts) if (part.kind === 'html') expect(part.html.trim()).not.toBe('');
        const html = htmlOf(parts).toLowerCase();
        expect(html).not.toContain('<script');
        expect(html).not.toContain('href="javascript:');
      }),
      { numRuns: 300 },
    );
  });

  it('draws the chart only where its line stands alone, not in code, a list or the middle of a sentence', async () => {
    expect(charts(await renderSitePage(`Before\n\n${WATER_LEVEL_CHART_MARKER}\n\nAfter`))).toBe(1);
    expect((await renderSitePage(`Before\n\n${WATER_LEVEL_CHART_MARKER}\n\nAfter`)).map((part) => part.kind)).toEqual(['html', 'waterLevelChart', 'html']);
    expect(charts(await renderSitePage(`${WATER_LEVEL_CHART_MARKER}\n\n${WATER_LEVEL_CHART_MARKER}`))).toBe(2);
    expect(charts(await renderSitePage(`\`\`\`\n${WATER_LEVEL_CHART_MARKER}\n\`\`\``))).toBe(0);
    expect(charts(await renderSitePage(`- ${WATER_LEVEL_CHART_MARKER}`))).toBe(0);
    expect(charts(await renderSitePage(`The ${WATER_LEVEL_CHART_MARKER} here`))).toBe(0);
  });
});

describe('validateSitePageForm (the same rule in the browser and on the server)', () => {
  it('accepts exactly a title of 1 to 100 characters and a body with some text of at most 50,000, and what it accepts can be stored', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom('', '   ', '\n\n', 'x'.repeat(SITE_PAGE_TITLE_MAX), 'x'.repeat(SITE_PAGE_TITLE_MAX + 1)),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', ' \n ', 'b'.repeat(SITE_PAGE_BODY_MAX), 'b'.repeat(SITE_PAGE_BODY_MAX + 1), `\n\n${'b'.repeat(SITE_PAGE_BODY_MAX)}\n\n`),
    );
    await fc.assert(
      fc.asyncProperty(text, body, async (title, bodyText) => {
        const result = validateSitePageForm({ title, body: bodyText });
        const trimmedTitle = title.trim().replace(/\s+/g, ' ');
        const trimmedBody = bodyText.replace(/^(\s*\n)+/, '').trimEnd();
        const titleOk = trimmedTitle !== '' && trimmedTitle.length <= SITE_PAGE_TITLE_MAX;
        const bodyOk = trimmedBody.trim() !== '' && trimmedBody.length <= SITE_PAGE_BODY_MAX;
        expect(result.ok).toBe(titleOk && bodyOk);
        if (result.ok) {
          expect(
            SitePageSchema.safeParse({ slug: 'beginners', ...result.value, updatedAt: '2026-11-25T10:00:00.000Z', updatedBy: 'a@example.org' }).success,
          ).toBe(true);
        } else {
          expect(result.errors.title === undefined).toBe(titleOk);
          expect(result.errors.body === undefined).toBe(bodyOk);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('says what is wrong in words', async () => {
    expect(validateSitePageForm({ title: ' ', body: '' })).toEqual({
      ok: false,
      errors: { title: SITE_PAGE_FORM_MESSAGES.titleRequired, body: SITE_PAGE_FORM_MESSAGES.bodyRequired },
    });
    expect(validateSitePageForm({ title: 'x'.repeat(101), body: 'b'.repeat(50_001) })).toEqual({
      ok: false,
      errors: { title: 'Title must be at most 100 characters', body: 'The text must be at most 50,000 characters' },
    });
  });

  it("keeps the body's own spacing, only blank lines at its start and space at its end dropped", async () => {
    expect(validateSitePageForm({ title: '  Club   Info ', body: '\n\n    code\n\ntext  \n\n' })).toEqual({
      ok: true,
      value: { title: 'Club Info', body: '    code\n\ntext' },
    });
  });
});

/** The Beginners page's sections, in order, as the code had them. */
const BEGINNERS_SECTIONS = ['Before you go afloat', 'Using the radio', 'Sailing lingo', 'How fast can my boat go?', 'Reservoir water level', "What's on"];

describe("the pages' original words (as the code had them)", () => {
  const headingsOf = (html: string) => [...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);

  it('the Beginners page: the same lead, sections, list, radio table, hull-speed formula, chart and links', async () => {
    const page = defaultSitePage('beginners', 'Kestrel Yacht Club');
    expect(page.title).toBe('Beginner Sailing Tips');
    const parts = await renderSitePage(page.body);
    const html = htmlOf(parts);
    expect(headingsOf(html)).toEqual(BEGINNERS_SECTIONS);
    expect(html.startsWith('<p>New to sailing, or new to the reservoir? Start here. Ask anyone at the club: we were all beginners once.</p>')).toBe(true);
    expect(html).toContain("<li>Check the forecast and the flag at the clubhouse. If in doubt, don't go out.</li>");
    expect(html).toContain('<td><strong>Emergencies only.</strong> Distress, urgency and safety calls. Never use it for chat or radio checks.</td>');
    expect(html).toContain('<li><strong>Painter</strong>: The rope at the bow used to tie the boat up.</li>');
    expect(html).toContain('<strong>Hull speed ≈ 1.34 × √(waterline length in feet) knots</strong>');
    expect(html).toContain('<a href="/calendar">events calendar</a>');
    expect(html).toContain('<a href="/news">news page</a>');
    expect(charts(parts)).toBe(1);
  });

  it("the Information page: the club's name in its lead, the same sections, table, chart and links", async () => {
    const page = defaultSitePage('information', 'Heron Sailing Club');
    expect(page.title).toBe('Club Information');
    const parts = await renderSitePage(page.body);
    const html = htmlOf(parts);
    expect(html.startsWith('<p>The practical things every member of Heron Sailing Club needs to know.</p>')).toBe(true);
    expect(headingsOf(html)).toEqual([
      'The noticeboard',
      'Trip slips',
      'Radio channels',
      'Moorings and overnight stays',
      'Reservoir water level',
      'Keeping up to date',
    ]);
    expect(html).toContain('<a href="/documents">member documents</a>');
    expect(html).toContain('<th>Use it for</th>');
    expect(charts(parts)).toBe(1);
  });
});

describe('sitePageSearchRecords (search finds a page by its words now)', () => {
  it('gives valid page records leading to the page, with unique ids and no markup, whatever the Markdown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SITE_PAGE_SLUGS), fc.string({ minLength: 1, maxLength: 40 }), markdownish, async (slug, title, body) => {
        const records = await sitePageSearchRecords({ slug, title, body });
        expect(records.length).toBeGreaterThan(0);
        expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
        for (const record of records) {
          expect(SearchRecordSchema.parse(record)).toEqual(record);
          expect(record.path).toBe(SITE_PAGE_PATHS[slug]);
          expect(record.type).toBe('page');
          expect(record.objectID.startsWith(`page-${slug}`)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('holds the words members search for in the original pages, one record per section', async () => {
    const text = async (slug: 'beginners' | 'information') =>
      (await sitePageSearchRecords(defaultSitePage(slug, 'Kestrel Yacht Club')))
        .map((r) => `${r.title} ${r.description} ${r.longdescription ?? ''}`)
        .join(' ')
        .toLowerCase();
    const [beginners, information] = [await text('beginners'), await text('information')];
    for (const words of ['channel 16', 'channel 8', 'channel 77', 'hull speed', 'lingo', 'buoyancy aid']) expect(beginners).toContain(words);
    for (const words of ['trip slip', 'noticeboard', 'water level', 'moorings']) expect(information).toContain(words);
    // The chart's line is no word of the page.
    expect(beginners).not.toContain(WATER_LEVEL_CHART_MARKER);
    expect((await sitePageSearchRecords(defaultSitePage('beginners', 'K'))).map((r) => r.title)).toEqual(['Beginner Sailing Tips', ...BEGINNERS_SECTIONS]);
  });

  it('reads headings inside fenced code as code, not as sections', async () => {
    expect(sitePageSections('Intro\n```\n## not a heading\n```\n## Real\ntext').map((s) => s.heading)).toEqual([null, 'Real']);
  });
});
