/**
 * The club's burgee-and-sail mark as data: the header draws it with React (ClubLogo) and the
 * build writes the same shapes into index.html's first-paint header (web/vite.config.ts), so the
 * two never drift apart.
 */
export const CLUB_LOGO_SHAPES: readonly { tag: 'circle' | 'path'; attrs: Readonly<Record<string, string>> }[] = [
  { tag: 'circle', attrs: { cx: '24', cy: '24', r: '23', fill: '#ffffff' } },
  { tag: 'circle', attrs: { cx: '24', cy: '24', r: '20', fill: '#0b3d5c' } },
  { tag: 'path', attrs: { d: 'M23 9v23H11z', fill: '#ffffff' } },
  { tag: 'path', attrs: { d: 'M25.5 13v19h10z', fill: '#ffd166' } },
  { tag: 'path', attrs: { d: 'M10 34.5h28l-4 4.5H14z', fill: '#ffffff' } },
];

/** The mark as SVG markup, for the static first-paint header. */
export function clubLogoMarkup(size: number): string {
  const shapes = CLUB_LOGO_SHAPES.map(({ tag, attrs }) => `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${v}"`).join(' ')} />`).join('');
  return `<svg width="${size}" height="${size}" viewBox="0 0 48 48" aria-hidden="true" focusable="false" class="club-logo">${shapes}</svg>`;
}
