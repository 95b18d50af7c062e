/** The club's burgee-and-sail mark, drawn inline so the header needs no image request. */
export function ClubLogo({ size = 44 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="club-logo">
      <circle cx="24" cy="24" r="23" fill="#ffffff" />
      <circle cx="24" cy="24" r="20" fill="#0b3d5c" />
      <path d="M23 9v23H11z" fill="#ffffff" />
      <path d="M25.5 13v19h10z" fill="#ffd166" />
      <path d="M10 34.5h28l-4 4.5H14z" fill="#ffffff" />
    </svg>
  );
}
