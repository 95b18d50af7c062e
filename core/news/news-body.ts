import type MarkdownIt from 'markdown-it';
import type sanitizeHtml from 'sanitize-html';

/**
 * A news item's body: Markdown as the admin wrote it, turned into HTML a member's browser may
 * show. Two locks, so that neither alone has to be perfect: markdown-it with raw HTML off (a
 * `<script>` typed into the Markdown comes out as text), then sanitize-html with an allow-list
 * of tags, attributes and link schemes (anything else is dropped). Kept apart from the form's
 * rule (news-form.ts) so that the browser, which never renders a body, does not load either library.
 * Both load with the first body rendered, not with the server (docs/adr/0083-news-renderer-loaded-on-first-use.md):
 * most requests never show one.
 */

interface Renderer {
  markdown: InstanceType<typeof MarkdownIt>;
  sanitize: typeof sanitizeHtml;
}

let renderer: Promise<Renderer> | null = null;

function loadRenderer(): Promise<Renderer> {
  renderer ??= Promise.all([import('markdown-it'), import('sanitize-html')]).then(([markdownIt, sanitize]) => ({
    markdown: new markdownIt.default({ html: false, linkify: true, typographer: false, breaks: false }),
    sanitize: sanitize.default,
  }));
  return renderer;
}

/** The HTML a rendered body may contain: the structure Markdown writes, and nothing that runs. */
export const NEWS_ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...NEWS_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], ol: ['start'], th: ['style'], td: ['style'] },
  // Only table cells' alignment, which Markdown writes as a style.
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only from this site: the site's Content-Security-Policy (img-src 'self') would block
  // any other, so an outside image becomes a link to it instead (transformTags below).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links that leave the site open in a new tab without handing it the opener; this site's own stay.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^(https?|mailto):/i.test((attribs.href ?? '').trim()) ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      if (!/^https?:/i.test(src.trim())) return { tagName, attribs };
      const alt = (attribs.alt ?? '').trim();
      return { tagName: 'a', attribs: { href: src, target: '_blank', rel: 'noopener noreferrer' }, text: alt === '' ? 'Image' : `${alt} (image)` };
    },
  },
};
// target and rel are set by the transform above, so they must be allowed through.
(SANITIZE.allowedAttributes as Record<string, string[]>).a.push('target', 'rel');

/** A body's Markdown as safe HTML: no script, no event handler, no `javascript:` or `data:` link. */
export async function renderNewsBody(body: string): Promise<string> {
  const { markdown, sanitize } = await loadRenderer();
  return sanitize(markdown.render(body), SANITIZE);
}

/** How many characters of a body's text the News page and the search index keep. */
export const NEWS_EXCERPT_LENGTH = 280;

/**
 * A body as plain text (the words a member reads, no markup), its white space folded, cut at
 * `length` characters on a word with an ellipsis: what search indexes and the News page shows.
 */
export async function newsExcerpt(body: string, length = NEWS_EXCERPT_LENGTH): Promise<string> {
  return excerptOfText(await newsPlainText(body), length);
}

/** A body as plain text: the words a member reads, no markup, its white space folded. */
export async function newsPlainText(body: string): Promise<string> {
  const { markdown, sanitize } = await loadRenderer();
  return sanitize(markdown.render(body), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text cut at `length` characters on a word, with an ellipsis (newsExcerpt without the rendering). */
export function excerptOfText(text: string, length = NEWS_EXCERPT_LENGTH): string {
  const chars = [...text];
  if (chars.length <= length) return text;
  const cut = chars.slice(0, length).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > length / 2 ? atWord : cut).trimEnd()}…`;
}
