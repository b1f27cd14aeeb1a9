// Drawn for the trust pages: simple shapes in the theme's colours, decorative (the text beside
// each one says what it shows).

const brand = '#0f5e4f';
const soft = '#e6f2ef';
const accent = '#f59e0b';

/** A lab flask beside a clinician's clipboard with a tick. */
export function LabArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 200" className={className}>
      <rect x="128" y="30" width="92" height="130" rx="12" fill="#fff" stroke={brand} strokeWidth="4" />
      <rect x="156" y="22" width="36" height="16" rx="6" fill={brand} />
      <path d="M146 78l12 12 24-26" fill="none" stroke={brand} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="146" y="110" width="56" height="8" rx="4" fill={soft} />
      <rect x="146" y="128" width="40" height="8" rx="4" fill={soft} />
      <path
        d="M50 30h40M58 30v50L24 160a10 10 0 0 0 9 14h74a10 10 0 0 0 9-14L82 80V30"
        fill="#fff"
        stroke={brand}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M38 140h64l10 22H28z" fill={accent} />
      <circle cx="62" cy="122" r="5" fill={accent} />
      <circle cx="76" cy="108" r="3.5" fill={accent} />
    </svg>
  );
}

/** A shield with a padlock. */
export function ShieldArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 200" className={className}>
      <path d="M120 14l74 26v52c0 46-32 80-74 96-42-16-74-50-74-96V40z" fill={soft} stroke={brand} strokeWidth="5" strokeLinejoin="round" />
      <rect x="88" y="92" width="64" height="52" rx="8" fill={brand} />
      <path d="M100 92V78a20 20 0 0 1 40 0v14" fill="none" stroke={brand} strokeWidth="7" />
      <circle cx="120" cy="114" r="7" fill={accent} />
      <rect x="117" y="116" width="6" height="14" rx="3" fill={accent} />
    </svg>
  );
}
