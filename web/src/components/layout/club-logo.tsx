import { createElement } from 'react';
import { CLUB_LOGO_SHAPES } from './club-logo-shapes';

/** The club's burgee-and-sail mark, drawn inline so the header needs no image request. */
export function ClubLogo({ size = 44 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="club-logo">
      {CLUB_LOGO_SHAPES.map(({ tag, attrs }, i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
