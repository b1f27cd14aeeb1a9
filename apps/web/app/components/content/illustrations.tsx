import type { AreaSlug } from '@shop/core';

// Drawn for the shop: simple shapes in the theme's colours, decorative (hidden from screen
// readers; the text beside each one says what it shows).

export const brand = '#0f5e4f';
export const soft = '#e6f2ef';
export const accent = '#f59e0b';
const blush = '#f4c7b8';

export function KitArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 200" className={className}>
      <rect x="20" y="70" width="150" height="110" rx="14" fill="#fff" stroke={brand} strokeWidth="4" />
      <path d="M20 100h150" stroke={brand} strokeWidth="4" />
      <rect x="40" y="120" width="60" height="10" rx="5" fill={soft} />
      <rect x="40" y="140" width="90" height="10" rx="5" fill={soft} />
      <rect x="175" y="40" width="26" height="120" rx="13" fill="#fff" stroke={brand} strokeWidth="4" />
      <rect x="179" y="110" width="18" height="46" rx="9" fill={accent} />
      <path d="M95 18c14 20 22 32 22 44a22 22 0 0 1-44 0c0-12 8-24 22-44z" fill="#d9534f" />
    </svg>
  );
}

const areaShapes: Record<AreaSlug, React.ReactNode> = {
  diet: (
    <>
      <circle cx="32" cy="36" r="18" fill="#d9534f" />
      <path d="M32 18c2-8 8-12 14-12-1 7-6 12-14 12z" fill={brand} />
    </>
  ),
  stress: <path d="M6 34c8-14 16-14 24 0s16 14 26 0" fill="none" stroke={brand} strokeWidth="6" strokeLinecap="round" />,
  sleep: <path d="M40 10a24 24 0 1 0 14 40A20 20 0 0 1 40 10z" fill={brand} />,
  energy: <path d="M36 4L14 36h16l-4 24 24-34H34z" fill={accent} stroke={brand} strokeWidth="3" strokeLinejoin="round" />,
  'sex-drive': <path d="M32 54S8 40 8 24a12 12 0 0 1 24-4 12 12 0 0 1 24 4c0 16-24 30-24 30z" fill="#d9534f" />,
};

export function AreaIcon({ area, className = 'h-12 w-12' }: { area: AreaSlug; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className}>
      <circle cx="32" cy="32" r="31" fill={soft} />
      {areaShapes[area]}
    </svg>
  );
}

const posterScenes: Record<string, React.ReactNode> = {
  heart: <path d="M160 150s-60-34-60-74a30 30 0 0 1 60-10 30 30 0 0 1 60 10c0 40-60 74-60 74z" fill={blush} />,
  wave: (
    <>
      <path d="M30 120c30-40 60-40 90 0s60 40 90 0 60-40 80 0" fill="none" stroke={blush} strokeWidth="14" strokeLinecap="round" />
      <path d="M30 70c30-30 60-30 90 0s60 30 90 0" fill="none" stroke={soft} strokeWidth="8" strokeLinecap="round" />
    </>
  ),
  sun: (
    <>
      <circle cx="160" cy="90" r="44" fill={accent} />
      {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
        <rect key={angle} x="156" y="14" width="8" height="24" rx="4" fill={accent} transform={`rotate(${angle} 160 90)`} />
      ))}
    </>
  ),
};

/** The overlay image a video testimonial shows before it plays (specification §3). */
export function PosterArt({ name }: { name: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 180" className="h-auto w-full">
      <rect width="320" height="180" fill={brand} />
      {posterScenes[name] ?? posterScenes.sun}
      <circle cx="160" cy="90" r="26" fill="#fff" opacity="0.92" />
      <path d="M152 76v28l22-14z" fill={brand} />
    </svg>
  );
}
