import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLUB_ICON_SIZE, clubIconPlugin, clubIconTag, INSTALL_ICONS, installIconPng } from '../../../scripts/club-icon';

const SVG_PATH = fileURLToPath(new URL('../../../web/public/favicon.svg', import.meta.url));

/** The PNG inside a tag's data: address. */
function pngOf(tag: string): Buffer {
  const match = /href="data:image\/png;base64,([A-Za-z0-9+/=]+)"/.exec(tag);
  expect(match, tag).not.toBeNull();
  return Buffer.from(match![1], 'base64');
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('the tab icon', () => {
  it("is the club's mark as a small PNG: its blue disc and white sail, clear outside the disc", async () => {
    const tag = await clubIconTag(readFileSync(SVG_PATH, 'utf8'));
    expect(tag).toMatch(/^<link rel="icon" type="image\/png" sizes="48x48" href="data:image\/png;base64,/);
    const png = pngOf(tag);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', CLUB_ICON_SIZE, CLUB_ICON_SIZE]);
    // A phone pays for the icon in every page it loads.
    expect(png.length).toBeLessThan(2048);

    const [r, g, b, alpha] = await pixel(png, 24, 4); // inside the disc, above the sails
    expect(alpha).toBe(255);
    expect(Math.abs(r - 0x0b) + Math.abs(g - 0x3d) + Math.abs(b - 0x5c)).toBeLessThan(30);
    expect((await pixel(png, 21, 28)).slice(0, 3).every((channel) => channel > 230)).toBe(true); // the white sail
    expect((await pixel(png, 0, 0))[3]).toBe(0); // the corner, outside the disc
  });

  it('takes the place index.html marks for it, and leaves a page without the mark as it is', async () => {
    const plugin = clubIconPlugin(SVG_PATH);
    const transform = plugin.transformIndexHtml as (html: string) => Promise<string>;
    const page = await transform('<head>\n<!-- club-icon: here -->\n<title>x</title></head>');
    expect(page).toMatch(/^<head>\n<link rel="icon" type="image\/png" [^>]+>\n<title>x<\/title><\/head>$/);
    expect(await transform('<head><title>x</title></head>')).toBe('<head><title>x</title></head>');
  });

  it('draws the install icons at their sizes; the maskable one fills its square with the club blue', async () => {
    const svg = readFileSync(SVG_PATH, 'utf8');
    for (const icon of INSTALL_ICONS) {
      const png = await installIconPng(svg, icon);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], icon.file).toEqual(['png', icon.size, icon.size]);
      const [r, g, b, alpha] = await pixel(png, 2, 2); // a corner
      if (icon.purpose === 'maskable') expect([r, g, b, alpha]).toEqual([0x0b, 0x3d, 0x5c, 255]);
      else expect(alpha).toBe(0);
    }
  });
});
