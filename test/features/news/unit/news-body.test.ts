import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NEWS_ALLOWED_TAGS, newsExcerpt, renderNewsBody } from '../../../../core/news/news-body';

/** Pieces an attacker would try, mixed into Markdown by the properties below. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD4=)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="x" onclick="alert(1)">y</a>',
  '<style>body{}</style>',
  '"><script>alert(1)</script>',
  '`<script>`',
  '<!-- <script> -->',
  '[a](vbscript:msgbox(1))',
  '<object data="x"></object>',
  '<form action="https://evil.example"><button>go</button></form>',
];

const MARKDOWN_BITS = [
  '# Title\n',
  '**bold** ',
  '_em_ ',
  '- item\n',
  '1. one\n',
  '> quote\n',
  '`code` ',
  '\n\n',
  '[link](https://example.org) ',
  '[calendar](/calendar) ',
  '![pic](https://example.org/p.png) ',
  '![ours](/api/photos/p.jpg) ',
  '![odd](//evil.example/p.png) ',
  '| a | b |\n|---|---|\n| 1 | 2 |\n',
  'plain words ',
];

const markdownish = fc
  .array(
    fc.oneof(fc.constantFrom(...ATTACKS), fc.constantFrom(...MARKDOWN_BITS), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 10 })),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Every tag name in the HTML. */
function tagsIn(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1].toLowerCase());
}

/**
 * Every attribute (name and value) on every tag. The sanitiser escapes <, > and " in text and in
 * attribute values, so every '<' left in its output opens a real tag.
 */
function attributesOf(html: string): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    for (const attr of tag[0].matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) found.push({ name: attr[1].toLowerCase(), value: attr[2] ?? '' });
  }
  return found;
}
const attributesIn = (html: string) => attributesOf(html).map((a) => a.name);

describe('renderNewsBody (Markdown to safe HTML)', () => {
  it('never lets a script, an event handler or a javascript:, vbscript: or data: link through, whatever the input', async () => {
    await fc.assert(
      fc.asyncProperty(markdownish, async (body) => {
        const html = await renderNewsBody(body);
        expect(html.toLowerCase()).not.toContain('<script');
        expect(html.toLowerCase()).not.toContain('<iframe');
        expect(html.toLowerCase()).not.toContain('<svg');
        expect(attributesIn(html).filter((name) => name.startsWith('on'))).toEqual([]);
        // Links lead to web pages, mail, or this site; images come from this site only.
        for (const link of attributesOf(html).filter((a) => a.name === 'href')) expect(link.value).toMatch(/^(https:|http:|mailto:|\/(?!\/))/);
        for (const image of attributesOf(html).filter((a) => a.name === 'src')) expect(image.value).toMatch(/^\/(?!\/)/);
        // What the admin typed as HTML is shown as text, escaped.
        expect(html).not.toMatch(new RegExp(`<(?!/?(?:${NEWS_ALLOWED_TAGS.join('|')})[\\s>/])`));
      }),
      { numRuns: 400 },
    );
  });

  it('gives only the allowed tags and attributes', async () => {
    const allowedAttributes = ['href', 'title', 'src', 'alt', 'start', 'style', 'target', 'rel'];
    await fc.assert(
      fc.asyncProperty(markdownish, async (body) => {
        const html = await renderNewsBody(body);
        for (const tag of tagsIn(html)) expect(NEWS_ALLOWED_TAGS as readonly string[]).toContain(tag);
        for (const attribute of attributesIn(html)) expect(allowedAttributes).toContain(attribute);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the admin's typed HTML as text a member can read, not as markup", async () => {
    expect(await renderNewsBody('Hello <script>alert("x")</script>')).toBe('<p>Hello &lt;script&gt;alert("x")&lt;/script&gt;</p>\n');
    expect(await renderNewsBody('<b>bold?</b>')).toBe('<p>&lt;b&gt;bold?&lt;/b&gt;</p>\n');
  });

  it("renders what Markdown writes: headings, emphasis, lists, quotes, tables, this site's images and links that open in a new tab", async () => {
    const html = await renderNewsBody(
      '## Launching\n\nUse the **east** slipway, _not_ the west.\n\n- Life jackets\n- Trip slips\n\n> Safety first\n\n![Pontoon](/api/photos/pontoon.jpg)\n\nSee [the handbook](https://club.example/handbook) or mail <mailto:bosun@club.example>.',
    );
    expect(html).toContain('<h2>Launching</h2>');
    expect(html).toContain('<strong>east</strong>');
    expect(html).toContain('<em>not</em>');
    expect(html).toContain('<ul>\n<li>Life jackets</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<img src="/api/photos/pontoon.jpg" alt="Pontoon" />');
    expect(html).toContain('<a href="https://club.example/handbook" target="_blank" rel="noopener noreferrer">the handbook</a>');
    expect(html).toContain('href="mailto:bosun@club.example"');
    expect(await renderNewsBody('[the calendar](/calendar)')).toBe('<p><a href="/calendar">the calendar</a></p>\n');
    expect(await renderNewsBody('| a | b |\n|:--|--:|\n| 1 | 2 |')).toContain('<td style="text-align:right">2</td>');
  });

  it("turns an image from elsewhere into a link to it (the site's policy loads images only from itself), and drops data: and protocol-relative images", async () => {
    expect(await renderNewsBody('![Pontoon](https://club.example/p.jpg)')).toBe(
      '<p><a href="https://club.example/p.jpg" target="_blank" rel="noopener noreferrer">Pontoon (image)</a></p>\n',
    );
    expect(await renderNewsBody('![](http://club.example/p.jpg)')).toContain('>Image</a>');
    expect(await renderNewsBody('![x](data:image/png;base64,AAAA)')).toBe('<p><img alt="x" /></p>\n');
    expect(await renderNewsBody('![x](//evil.example/p.png)')).toBe('<p><img alt="x" /></p>\n');
  });
});

describe('newsExcerpt', () => {
  it('is plain text, white space folded, at most the length plus an ellipsis, whatever the input', async () => {
    await fc.assert(
      fc.asyncProperty(markdownish, fc.integer({ min: 10, max: 300 }), async (body, length) => {
        const excerpt = await newsExcerpt(body, length);
        expect(excerpt).not.toMatch(/\s\s|^\s|\s$/);
        expect([...excerpt].length).toBeLessThanOrEqual(length + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('holds none of the markup Markdown writes: only the words', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...MARKDOWN_BITS), { maxLength: 12 }), async (bits) => {
        const excerpt = await newsExcerpt(bits.join(''), 1000);
        expect(excerpt).not.toMatch(/<\/?[a-z]|&[a-z]+;|\*\*/);
      }),
    );
  });

  it('reads as text, cut on a word', async () => {
    expect(await newsExcerpt('# Pontoon\n\nThe **new** pontoon & slipway are <open>.')).toBe('Pontoon The new pontoon & slipway are <open>.');
    expect(await newsExcerpt('one two three four five six', 12)).toBe('one two…');
  });
});
