import { lazy, Suspense } from 'react';

// Below the first screen on a phone, and it reads its answer with the core's schemas (zod):
// loaded on its own so neither joins the members' first download.
const MemberPhotos = lazy(() => import('./member-photos').then((m) => ({ default: m.MemberPhotos })));

/** The photo panel's frame while its code loads: the same heading and height, so nothing moves. */
function PhotosPlaceholder() {
  return (
    <section className="member-photos" aria-labelledby="member-photos-heading">
      <h2 id="member-photos-heading">Members' Photos</h2>
      <div className="photo-frame photo-frame-loading" role="status">
        <span className="visually-hidden">Loading photos…</span>
      </div>
    </section>
  );
}

export function LazyMemberPhotos() {
  return (
    <Suspense fallback={<PhotosPlaceholder />}>
      <MemberPhotos />
    </Suspense>
  );
}
