import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { srcsetOf } from '@core/photos/photo-srcset';
import { useClubConfig } from '../../../lib/club-config';
import { usePhotos, type ListedPhoto } from '../api/get-photos';

const ROTATE_MS = 6000;

interface Panel {
  title: string;
  scene: ReactElement;
}

function Sky({ from, to }: { from: string; to: string }) {
  const id = `sky-${from.slice(1)}-${to.slice(1)}`;
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${id})`} />
    </>
  );
}

function Boat({ x, y, scale = 1, sail = '#ffffff', hull = '#1d3557' }: { x: number; y: number; scale?: number; sail?: string; hull?: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M0 0 L0 -52 L-30 0 Z" fill={sail} />
      <path d="M3 -46 L3 0 L24 0 Z" fill={sail} opacity="0.85" />
      <path d="M-34 4 L30 4 L22 14 L-26 14 Z" fill={hull} />
    </g>
  );
}

// Drawn panels stand in for members' photos until the club has some to show.
const PANELS: Panel[] = [
  {
    title: 'Evening sail on the reservoir',
    scene: (
      <>
        <Sky from="#f4a261" to="#e76f51" />
        <circle cx="240" cy="110" r="28" fill="#ffd166" />
        <rect y="120" width="320" height="60" fill="#264653" />
        <path d="M0 132 Q40 126 80 132 T160 132 T240 132 T320 132" stroke="#e9c46a" strokeWidth="2" fill="none" opacity="0.7" />
        <Boat x={110} y={122} />
      </>
    ),
  },
  {
    title: 'Saturday club racing',
    scene: (
      <>
        <Sky from="#8ecae6" to="#dff3fb" />
        <path d="M0 110 L60 80 L120 104 L190 70 L260 100 L320 84 L320 120 L0 120 Z" fill="#52796f" />
        <rect y="118" width="320" height="62" fill="#219ebc" />
        <Boat x={70} y={140} scale={0.8} sail="#ffffff" />
        <Boat x={160} y={132} scale={0.9} sail="#ffb703" hull="#023047" />
        <Boat x={250} y={146} scale={0.7} sail="#fb8500" />
      </>
    ),
  },
  {
    title: 'Dinghy training morning',
    scene: (
      <>
        <Sky from="#caf0f8" to="#ade8f4" />
        <rect y="104" width="320" height="76" fill="#0077b6" />
        <path d="M0 150 Q80 140 160 150 T320 150" stroke="#90e0ef" strokeWidth="3" fill="none" />
        <Boat x={90} y={118} scale={0.6} sail="#e63946" />
        <Boat x={150} y={124} scale={0.6} sail="#e63946" />
        <Boat x={210} y={116} scale={0.6} sail="#e63946" />
        <circle cx="270" cy="128" r="6" fill="#ffb703" />
      </>
    ),
  },
  {
    title: 'Work day at the jetty',
    scene: (
      <>
        <Sky from="#a8dadc" to="#f1faee" />
        <rect y="112" width="320" height="68" fill="#457b9d" />
        <rect x="20" y="104" width="180" height="10" fill="#8d6e63" />
        {[30, 70, 110, 150, 190].map((px) => (
          <rect key={px} x={px} y="104" width="6" height="40" fill="#6d4c41" />
        ))}
        <path d="M220 112 L260 70 L300 112 Z" fill="#2a9d8f" />
        <rect x="230" y="90" width="60" height="22" fill="#f1faee" />
        <Boat x={120} y={140} scale={0.7} sail="#f1faee" />
      </>
    ),
  },
];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether the member asks for reduced motion. The server cannot know: it draws the panel still
 * (as does the first render that hydrates it), and the browser's answer follows at once.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches === true,
    () => true,
  );
}

/**
 * How wide the panel is drawn (home.css): the page less its margins on a phone; half the page,
 * beside the water-level chart, from 48rem; at most about 32rem on the widest screens. The
 * browser picks the copy that fills this at its screen density.
 */
export const PHOTO_SIZES = '(min-width: 72rem) 32rem, (min-width: 48rem) calc(50vw - 4.5rem), calc(100vw - 4.5rem)';

/** A member photo: AVIF, then WebP, then JPEG for browsers that read neither; sized so nothing moves as it loads. */
function MemberPhoto({ photo }: { photo: ListedPhoto }) {
  const jpegs = photo.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  const fallback = jpegs.find((v) => v.width >= 640) ?? jpegs[jpegs.length - 1] ?? photo.variants[0];
  const avif = srcsetOf(photo.variants, 'avif');
  const webp = srcsetOf(photo.variants, 'webp');
  return (
    <picture>
      {avif !== '' && <source type="image/avif" srcSet={avif} sizes={PHOTO_SIZES} />}
      {webp !== '' && <source type="image/webp" srcSet={webp} sizes={PHOTO_SIZES} />}
      <img
        className="photo-image"
        src={fallback.url}
        srcSet={srcsetOf(photo.variants, 'jpeg') || undefined}
        sizes={PHOTO_SIZES}
        width={photo.width}
        height={photo.height}
        alt={photo.caption}
        decoding="async"
      />
    </picture>
  );
}

function Invitation({ email }: { email: string }) {
  return email !== '' ? (
    <>
      Have a photo from on or off the water? Email it to <a href={`mailto:${email}`}>{email}</a> and it could appear here.
    </>
  ) : (
    <>Have a photo from on or off the water? Send it to the club and it could appear here.</>
  );
}

/**
 * Rotating panels of the members' photos (the admins' order, GET /api/photos), each with its
 * caption and credit and an invitation to send more; drawn pictures stand in while the club has
 * none. Rotation stops for people who ask for reduced motion, and the pause button stops it for anyone.
 */
export function MemberPhotos() {
  const config = useClubConfig();
  const photos = usePhotos();
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // The member's own Pause or Play, once pressed; until then, as they ask of every site.
  const [chosen, setPlaying] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const real = photos.status === 'success' ? photos.data : [];
  const count = real.length > 0 ? real.length : PANELS.length;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  // The list may shrink (a photo hidden meanwhile): stay within it.
  const shown = index % count;
  const email = config.photosEmail;
  const photo = real.length > 0 ? real[shown] : null;
  const panel = PANELS[shown % PANELS.length];

  return (
    <section className="member-photos" aria-roledescription="carousel" aria-labelledby="member-photos-heading">
      <h2 id="member-photos-heading">Members' Photos</h2>
      {photos.status === 'pending' ? (
        <div className="photo-frame photo-frame-loading" role="status">
          <span className="visually-hidden">Loading photos…</span>
        </div>
      ) : (
        <div className="photo-frame" aria-live={playing ? 'off' : 'polite'}>
          <figure className="photo-panel" aria-roledescription="slide" aria-label={`${shown + 1} of ${count}`}>
            {photo ? (
              <div className="photo-box">
                <MemberPhoto key={photo.id} photo={photo} />
              </div>
            ) : (
              <svg viewBox="0 0 320 180" role="img" aria-label={`Illustration: ${panel.title}`} className="photo-art">
                {panel.scene}
              </svg>
            )}
            <figcaption>
              {photo ? (
                <>
                  <strong>{photo.caption}</strong>
                  {photo.credit !== '' && <span className="photo-credit">Photo: {photo.credit}</span>}
                </>
              ) : (
                <>
                  <strong>{panel.title}.</strong>{' '}
                </>
              )}
              {photo ? (
                <span className="photo-invite">
                  <Invitation email={email} />
                </span>
              ) : (
                <Invitation email={email} />
              )}
            </figcaption>
          </figure>
          {photos.status === 'error' && <p className="photo-note">The club's photos could not be loaded just now; drawn pictures are shown instead.</p>}
        </div>
      )}
      <div className="photo-controls">
        <button type="button" className="btn btn-secondary" disabled={count < 2} onClick={() => setIndex((i) => (i - 1 + count) % count)}>
          <span aria-hidden="true">‹</span> Previous
        </button>
        <button type="button" className="btn btn-secondary" disabled={count < 2} onClick={() => setPlaying(!playing)}>
          {playing ? 'Pause rotation' : 'Play rotation'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={count < 2} onClick={() => setIndex((i) => (i + 1) % count)}>
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
