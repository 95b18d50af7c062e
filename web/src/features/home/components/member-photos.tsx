import { useEffect, useState, type ReactElement } from 'react';
import { useClubConfig } from '../../../lib/club-config';

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

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Rotating panels with captions inviting members to send their photos. Rotation stops for
 * people who ask for reduced motion, and the pause button stops it for anyone.
 */
export function MemberPhotos() {
  const config = useClubConfig();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % PANELS.length), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  const panel = PANELS[index];
  const email = config.photosEmail;

  return (
    <section className="member-photos" aria-roledescription="carousel" aria-labelledby="member-photos-heading">
      <h2 id="member-photos-heading">Members' Photos</h2>
      <div className="photo-frame" aria-live={playing ? 'off' : 'polite'}>
        <figure className="photo-panel" aria-roledescription="slide" aria-label={`${index + 1} of ${PANELS.length}`}>
          <svg viewBox="0 0 320 180" role="img" aria-label={`Illustration: ${panel.title}`} className="photo-art">
            {panel.scene}
          </svg>
          <figcaption>
            <strong>{panel.title}.</strong>{' '}
            {email !== '' ? (
              <>
                Have a photo from on or off the water? Email it to <a href={`mailto:${email}`}>{email}</a> and it could appear here.
              </>
            ) : (
              <>Have a photo from on or off the water? Send it to the club and it could appear here.</>
            )}
          </figcaption>
        </figure>
      </div>
      <div className="photo-controls">
        <button type="button" className="btn btn-secondary" onClick={() => setIndex((i) => (i - 1 + PANELS.length) % PANELS.length)}>
          <span aria-hidden="true">‹</span> Previous
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setPlaying((p) => !p)}>
          {playing ? 'Pause rotation' : 'Play rotation'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setIndex((i) => (i + 1) % PANELS.length)}>
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
