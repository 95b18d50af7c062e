import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_PHOTO_BYTES,
  PHOTO_HEIC_REFUSED,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_TOO_LARGE,
  PHOTO_TOO_MANY_PIXELS,
  PHOTOS_CHANGED_MEANWHILE,
} from '../../../../core/photos/photos';
import { exifHasGps, gifImage, jpegWithGps, pngImage, webpImage } from '../../../support/photo-images';
import { FETCH, signedInAdmin, type TestApp } from '../../../support/api/test-app';
import { useTestApp } from '../../../support/api/use-test-app';

type Agent = ReturnType<TestApp['agent']>;
interface ListedVariant {
  format: string;
  width: number;
  height: number;
  url: string;
}
interface Listed {
  id: string;
  caption: string;
  credit: string;
  width: number;
  height: number;
  variants: ListedVariant[];
  hidden?: boolean;
  position?: number;
}

function upload(agent: Agent, bytes: Buffer, query: Record<string, string> = { caption: 'Evening sail', credit: 'A. Member' }, type = 'image/jpeg') {
  return agent.post('/api/admin/photos').query(query).set(FETCH).set('Content-Type', type).send(bytes);
}

describe('member photos through the API', () => {
  let app: TestApp;
  let editor: Agent;
  useTestApp({}, async (started) => {
    app = started;
    editor = await signedInAdmin(app, 'editor@example.org', ['content:write']);
  });
  beforeEach(async () => {
    for (const photo of await app.get('photos').list()) await editor.delete(`/api/admin/photos/${photo.id}`).set(FETCH);
  });

  it('uploads a camera JPEG: members get it upright in AVIF, WebP and JPEG at each width, with no GPS position, cached for a year', async () => {
    const created = await upload(editor, await jpegWithGps({ width: 3000, height: 2000, orientation: 6 }));
    expect(created.status).toBe(201);
    expect(created.body.photo).toMatchObject({ caption: 'Evening sail', credit: 'A. Member', hidden: false, position: 0, width: 1280, height: 1920 });

    const listed = await app.agent().get('/api/photos');
    expect(listed.status).toBe(200);
    const [photo] = listed.body.photos as Listed[];
    expect(listed.body.photos).toHaveLength(1);
    expect(photo).toMatchObject({ id: created.body.photo.id, caption: 'Evening sail', credit: 'A. Member', width: 1280, height: 1920 });
    expect(photo.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()).toEqual(
      ['avif', 'webp', 'jpeg']
        .flatMap((f) =>
          [
            [320, 480],
            [640, 960],
            [960, 1440],
            [1280, 1920],
          ].map(([w, h]) => `${f} ${w}x${h}`),
        )
        .sort(),
    );
    const types = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as Record<string, string>;
    const decoder = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' } as Record<string, string>;
    for (const variant of photo.variants) {
      const file = await app
        .agent()
        .get(variant.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(types[variant.format]);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([decoder[variant.format], variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(exifHasGps(meta.exif)).toBe(false);
    }
  });

  it('accepts PNG and WebP by their bytes, whatever the content type says, and keeps the upload order', async () => {
    expect((await upload(editor, await pngImage(800, 600), { caption: 'Jetty' }, 'application/octet-stream')).status).toBe(201);
    expect((await upload(editor, await webpImage(700, 400), { caption: 'Race start', credit: '' }, 'image/png')).status).toBe(201);
    const listed = (await app.agent().get('/api/photos')).body.photos as Listed[];
    expect(listed.map((p) => [p.caption, p.width, p.height])).toEqual([
      ['Jetty', 800, 600],
      ['Race start', 700, 400],
    ]);
    // Never enlarged: the widest copy of an 800-pixel photo is 800 wide.
    expect(Math.max(...listed[0].variants.map((v) => v.width))).toBe(800);
  });

  it('refuses what is not a JPEG, PNG or WebP with 415, and anything over 15 MB with 413, storing nothing', async () => {
    const before = await app.get('files').list('photos/');
    const text = await upload(editor, Buffer.from('%PDF-1.7 this is not a photo'));
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: PHOTO_NOT_AN_IMAGE });
    const gif = await upload(editor, await gifImage(), { caption: 'A gif named .jpg' });
    expect([gif.status, gif.body]).toEqual([415, { error: PHOTO_NOT_AN_IMAGE }]);
    // AVIF is read by the same decoder as HEIC; both are refused with a message naming the formats accepted.
    const heif = await upload(
      editor,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
        .avif()
        .toBuffer(),
    );
    expect([heif.status, heif.body]).toEqual([415, { error: PHOTO_HEIC_REFUSED }]);
    expect(PHOTO_HEIC_REFUSED).toContain('JPEG, PNG or WebP');
    const cut = (await jpegWithGps({ width: 800, height: 600 })).subarray(0, 2000);
    expect((await upload(editor, cut)).status).toBe(415);
    const empty = await upload(editor, Buffer.alloc(0));
    expect(empty.status).toBe(415);
    const json = await editor.post('/api/admin/photos').query({ caption: 'x' }).set(FETCH).send({ photo: 'data' });
    expect(json.status).toBe(415);

    const big = Buffer.concat([await jpegWithGps({ width: 400, height: 300 }), Buffer.alloc(MAX_PHOTO_BYTES)]);
    const tooBig = await upload(editor, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: PHOTO_TOO_LARGE });

    const noCaption = await upload(editor, await pngImage(), { caption: '   ' });
    expect(noCaption.status).toBe(400);
    expect(noCaption.body.fields).toHaveProperty('caption');

    expect((await app.agent().get('/api/photos')).body.photos).toEqual([]);
    expect(await app.get('photos').list()).toEqual([]);
    expect(await app.get('files').list('photos/')).toEqual(before);
  });

  it('refuses a pixel bomb (a few kB of PNG that is 10000 x 10000) from its header with 413, storing nothing', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = await app.get('files').list('photos/');
    const refused = await upload(editor, bomb, { caption: 'Looks small' }, 'image/png');
    expect([refused.status, refused.body]).toEqual([413, { error: PHOTO_TOO_MANY_PIXELS }]);
    expect(PHOTO_TOO_MANY_PIXELS).toBe('The photo has too many pixels: it may have at most 40 megapixels.');
    expect(await app.get('photos').list()).toEqual([]);
    expect(await app.get('files').list('photos/')).toEqual(before);
  });

  it('hides and shows, edits, reorders and deletes, each in the audit log', async () => {
    const ids: string[] = [];
    for (const caption of ['One', 'Two', 'Three']) ids.push((await upload(editor, await pngImage(400, 300), { caption })).body.photo.id);
    const captions = async () => ((await app.agent().get('/api/photos')).body.photos as Listed[]).map((p) => p.caption);
    expect(await captions()).toEqual(['One', 'Two', 'Three']);

    const hidden = await editor.patch(`/api/admin/photos/${ids[1]}`).set(FETCH).send({ hidden: true });
    expect(hidden.status).toBe(200);
    expect(await captions()).toEqual(['One', 'Three']);
    // Its files are no longer served to members, but the admin screen still shows it.
    const adminList = (await editor.get('/api/admin/photos')).body.photos as Listed[];
    expect(adminList.map((p) => [p.caption, p.hidden])).toEqual([
      ['One', false],
      ['Two', true],
      ['Three', false],
    ]);
    const hiddenFile = adminList[1].variants[0];
    expect((await editor.get(hiddenFile.url)).status).toBe(200);
    expect((await app.agent().get(hiddenFile.url.replace('/api/admin/photos', '/api/photos'))).status).toBe(404);

    expect((await editor.patch(`/api/admin/photos/${ids[1]}`).set(FETCH).send({ hidden: false, caption: 'Two, renamed', credit: 'B. Member' })).status).toBe(
      200,
    );
    expect(await captions()).toEqual(['One', 'Two, renamed', 'Three']);

    const reordered = await editor
      .put('/api/admin/photos/order')
      .set(FETCH)
      .send({ ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.status).toBe(200);
    expect(await captions()).toEqual(['Three', 'One', 'Two, renamed']);
    const partial = await editor
      .put('/api/admin/photos/order')
      .set(FETCH)
      .send({ ids: [ids[0], ids[1]] });
    expect([partial.status, partial.body]).toEqual([409, { error: PHOTOS_CHANGED_MEANWHILE }]);
    expect(await captions()).toEqual(['Three', 'One', 'Two, renamed']);

    const keys = await app.get('files').list('photos/');
    expect((await editor.delete(`/api/admin/photos/${ids[0]}`).set(FETCH)).status).toBe(204);
    expect(await captions()).toEqual(['Three', 'Two, renamed']);
    // A 400-pixel photo has copies 320 and 400 wide, in three formats: six files, all gone.
    expect(adminList[0].variants).toHaveLength(6);
    expect((await app.get('files').list('photos/')).length).toBe(keys.length - 6);
    expect((await editor.delete(`/api/admin/photos/${ids[0]}`).set(FETCH)).status).toBe(404);
    expect((await editor.patch(`/api/admin/photos/${ids[0]}`).set(FETCH).send({ hidden: true })).status).toBe(404);

    const audit = (await app.get('audit').list({ limit: 1000 })).filter((e) => e.recordType === 'photo');
    const of = (id: string) =>
      audit
        .filter((e) => e.recordId === id)
        .map((e) => e.action)
        .sort();
    expect(of(ids[0])).toEqual(['photo.deleted', 'photo.moved', 'photo.uploaded']);
    expect(of(ids[1])).toEqual(['photo.moved', 'photo.updated', 'photo.updated', 'photo.uploaded']);
    const hide = audit.find((e) => e.recordId === ids[1] && e.summary.startsWith('Hid'));
    expect(hide?.changes).toEqual([{ field: 'hidden', before: false, after: true }]);
    expect(hide?.actor).toEqual({ kind: 'admin', uid: expect.any(String), email: 'editor@example.org' });
  });
});
