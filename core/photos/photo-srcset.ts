import type { PhotoVariant, PhotoVariantFormat } from './photo';

/** The copies of one format, narrowest first, as a `srcset` value (`url 320w, url 640w`). */
export function srcsetOf(variants: readonly (Pick<PhotoVariant, 'format' | 'width'> & { url: string })[], format: PhotoVariantFormat): string {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}
