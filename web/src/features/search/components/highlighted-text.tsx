import { Fragment } from 'react';
import type { Highlight } from '@core/search/search-hit';

/** Matched parts as <mark>; every part is rendered as text, never as HTML. */
export function HighlightedText({ segments }: { segments: Highlight }) {
  return <>{segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>))}</>;
}
