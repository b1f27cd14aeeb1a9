import type { ProviderVideo } from '@shop/core';

const brand = '#0f5e4f';
const soft = '#e6f2ef';
const accent = '#b4541a';
const amber = '#f59e0b';

const motifs: Record<ProviderVideo['poster'], React.ReactNode> = {
  dashboard: (
    <>
      <rect x="70" y="40" width="180" height="110" rx="10" fill="#fff" />
      <rect x="70" y="40" width="44" height="110" rx="10" fill={brand} />
      {[58, 86, 114].map((y) => (
        <rect key={y} x="126" y={y} width="110" height="18" rx="5" fill={soft} />
      ))}
    </>
  ),
  order: (
    <>
      <rect x="100" y="34" width="120" height="124" rx="10" fill="#fff" />
      {[56, 82, 108].map((y) => (
        <g key={y}>
          <rect x="116" y={y} width="14" height="14" rx="3" fill={brand} />
          <rect x="138" y={y + 3} width="64" height="8" rx="4" fill={soft} />
        </g>
      ))}
      <path d="M119 61l4 4 6-8" stroke="#fff" strokeWidth="2.5" fill="none" />
    </>
  ),
  payment: (
    <>
      <rect x="80" y="52" width="160" height="96" rx="12" fill="#fff" />
      <rect x="80" y="72" width="160" height="18" fill={brand} />
      <rect x="96" y="110" width="56" height="12" rx="6" fill={soft} />
      <circle cx="210" cy="118" r="12" fill={amber} />
      <circle cx="196" cy="118" r="12" fill={accent} opacity="0.85" />
    </>
  ),
  team: (
    <>
      {[110, 160, 210].map((x, index) => (
        <g key={x}>
          <circle cx={x} cy="78" r="20" fill={index === 1 ? amber : '#fff'} />
          <rect x={x - 30} y="104" width="60" height="46" rx="22" fill={index === 1 ? amber : '#fff'} />
        </g>
      ))}
    </>
  ),
  collection: (
    <>
      <rect x="84" y="70" width="90" height="76" rx="10" fill="#fff" />
      <path d="M84 92h90" stroke={brand} strokeWidth="4" />
      <path d="M214 40c12 18 18 28 18 38a18 18 0 0 1-36 0c0-10 6-20 18-38z" fill={accent} />
    </>
  ),
};

/** A video's poster, drawn: the video itself is not published yet, its transcript is. */
export function VideoPoster({ video, className = '' }: { video: Pick<ProviderVideo, 'poster'>; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 180" className={className}>
      <rect width="320" height="180" rx="14" fill={brand} />
      {motifs[video.poster]}
    </svg>
  );
}
