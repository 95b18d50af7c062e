/**
 * The tab icon every page names: the club's mark (web/public/favicon.svg) drawn once, at build
 * time, as a small PNG written into index.html as a data: address (no request of its own).
 *
 * Not the SVG itself: Chromium draws an SVG icon on the page's main thread, in a task of 15 to
 * 50 ms on a phone-speed machine just as the app starts (ADR 25);
 * a PNG is only decoded. sharp (already the photos' resizer) draws it.
 *
 * Used by web/vite.config.ts as a Vite plugin; the plain function is tested on its own.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** Where index.html asks for the icon's tag. */
export const CLUB_ICON_MARKER = /<!-- club-icon:[^>]*-->/;

/** The icon's side in pixels: sharp on a phone's 2x or 3x screen at the 16 to 24 px a tab shows. */
export const CLUB_ICON_SIZE = 48;

/**
 * The icons the web app manifest names for installing the app (192 and 512 pixels, and one
 * "maskable" whose mark sits inside the safe zone on the club's blue, for launchers that cut
 * their own shape), drawn from the same mark at build time.
 */
export const INSTALL_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** The club's blue, behind the maskable icon's mark (the mark's own circle is the same blue). */
const MASKABLE_BACKGROUND = '#0b3d5c';

/** One install icon as a PNG, drawn from the mark in `svg` (an SVG document's text). */
export async function installIconPng(svg: string, icon: (typeof INSTALL_ICONS)[number]): Promise<Buffer> {
  if (icon.purpose === 'any') return sharp(Buffer.from(svg), { density: 1200 }).resize(icon.size, icon.size).png({ compressionLevel: 9 }).toBuffer();
  // The safe zone of a maskable icon is the middle 80%: the mark at 70%, centred on the blue.
  const mark = Math.round(icon.size * 0.7);
  const inner = await sharp(Buffer.from(svg), { density: 1200 }).resize(mark, mark).png().toBuffer();
  const offset = Math.round((icon.size - mark) / 2);
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: MASKABLE_BACKGROUND } })
    .composite([{ input: inner, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The `<link rel="icon">` tag for the mark in `svg` (an SVG document's text). */
export async function clubIconTag(svg: string): Promise<string> {
  const png = await sharp(Buffer.from(svg), { density: 600 }).resize(CLUB_ICON_SIZE, CLUB_ICON_SIZE).png({ compressionLevel: 9, palette: true }).toBuffer();
  return `<link rel="icon" type="image/png" sizes="${CLUB_ICON_SIZE}x${CLUB_ICON_SIZE}" href="data:image/png;base64,${png.toString('base64')}" />`;
}

/**
 * Puts the icon drawn from `svgPath` where index.html marks it (a page without the mark is left as
 * it is), and writes the install icons (INSTALL_ICONS) into the build.
 */
export function clubIconPlugin(svgPath: string): Plugin {
  let tag: Promise<string> | undefined;
  return {
    name: 'kyc-club-icon',
    async generateBundle() {
      const svg = readFileSync(svgPath, 'utf8');
      for (const icon of INSTALL_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: await installIconPng(svg, icon) });
    },
    transformIndexHtml: async (html) => {
      if (!CLUB_ICON_MARKER.test(html)) return html;
      tag ??= clubIconTag(readFileSync(svgPath, 'utf8'));
      const link = await tag;
      return html.replace(CLUB_ICON_MARKER, () => link);
    },
  };
}
