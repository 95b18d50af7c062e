/** The club's burgee-and-sail mark as data: the header draws it with React (ClubLogo). */
export const CLUB_LOGO_SHAPES: readonly { tag: 'circle' | 'path'; attrs: Readonly<Record<string, string>> }[] = [
  { tag: 'circle', attrs: { cx: '24', cy: '24', r: '23', fill: '#ffffff' } },
  { tag: 'circle', attrs: { cx: '24', cy: '24', r: '20', fill: '#0b3d5c' } },
  { tag: 'path', attrs: { d: 'M23 9v23H11z', fill: '#ffffff' } },
  { tag: 'path', attrs: { d: 'M25.5 13v19h10z', fill: '#ffd166' } },
  { tag: 'path', attrs: { d: 'M10 34.5h28l-4 4.5H14z', fill: '#ffffff' } },
];
