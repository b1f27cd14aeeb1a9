import { accent, brand, soft } from './illustrations';

// Drawings a few pages show (the app's pages, the gift pages), apart from illustrations.tsx, which
// loads with the home page and most content pages: those pages do not carry these.

export function PhoneArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 160 260" className={className}>
      <rect x="20" y="6" width="120" height="248" rx="20" fill="#fff" stroke={brand} strokeWidth="5" />
      <rect x="60" y="16" width="40" height="6" rx="3" fill={brand} />
      <rect x="36" y="40" width="88" height="60" rx="10" fill={soft} />
      <path d="M44 88l18-18 14 10 20-24 20 14" fill="none" stroke={brand} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="36" y="114" width="88" height="12" rx="6" fill={soft} />
      <rect x="36" y="134" width="64" height="12" rx="6" fill={soft} />
      <rect x="36" y="160" width="88" height="40" rx="10" fill={accent} opacity="0.85" />
      <rect x="36" y="210" width="88" height="24" rx="12" fill={brand} />
    </svg>
  );
}

export function GiftArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 200 180" className={className}>
      <rect x="30" y="70" width="140" height="100" rx="10" fill="#fff" stroke={brand} strokeWidth="5" />
      <rect x="22" y="50" width="156" height="30" rx="8" fill={soft} stroke={brand} strokeWidth="5" />
      <rect x="92" y="50" width="16" height="120" fill={accent} />
      <path
        d="M100 50c-10-30-44-34-40-12 3 14 28 12 40 12zm0 0c10-30 44-34 40-12-3 14-28 12-40 12z"
        fill="none"
        stroke={accent}
        strokeWidth="6"
      />
    </svg>
  );
}
