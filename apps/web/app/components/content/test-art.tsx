import type { LabTest } from '@shop/core';
import type { ReactNode } from 'react';

// Drawn for the shop: each test's kit with the sample it takes (a drop of blood, a saliva tube, one
// per sample) and a sign of what it measures. Decorative: the card's title says which test it is.

const brand = '#0f5e4f';
const soft = '#e6f2ef';
const accent = '#f59e0b';
const red = '#d9534f';

/** What each test measures, as one sign in a 48×48 box. */
const signs: Record<string, ReactNode> = {
  'cholesterol-lipids': <path d="M24 42S6 31 6 18a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 13-18 24-18 24z" fill={red} />,
  'sugar-inflammation': (
    <>
      <rect x="8" y="16" width="18" height="18" rx="3" fill="#fff" stroke={brand} strokeWidth="3" />
      <rect x="22" y="8" width="18" height="18" rx="3" fill={soft} stroke={brand} strokeWidth="3" />
      <path d="M30 30l6 10M40 34l-8 2" stroke={red} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  'energy-vitamins': (
    <g transform="rotate(-30 24 24)">
      <path d="M24 16h10a8 8 0 0 1 0 16H24z" fill={accent} />
      <path d="M24 16H14a8 8 0 0 0 0 16h10z" fill={brand} />
    </g>
  ),
  cortisol: (
    <>
      <circle cx="24" cy="24" r="17" fill="#fff" stroke={brand} strokeWidth="3" />
      <path d="M24 13v11l8 5" fill="none" stroke={accent} strokeWidth="3.5" strokeLinecap="round" />
    </>
  ),
  melatonin: (
    <>
      <path d="M30 6a18 18 0 1 0 12 28A15 15 0 0 1 30 6z" fill={brand} />
      <circle cx="36" cy="14" r="2.5" fill={accent} />
    </>
  ),
  focus: (
    <>
      <circle cx="24" cy="24" r="17" fill="none" stroke={brand} strokeWidth="3" />
      <circle cx="24" cy="24" r="10" fill="none" stroke={brand} strokeWidth="3" />
      <circle cx="24" cy="24" r="4" fill={accent} />
    </>
  ),
  'thyroid-hormones': (
    <>
      <path d="M22 16c-8-8-16-2-16 10s8 14 16 8z" fill={accent} />
      <path d="M26 16c8-8 16-2 16 10s-8 14-16 8z" fill={accent} />
      <rect x="20" y="22" width="8" height="8" rx="3" fill={brand} />
    </>
  ),
  'testosterone-dhea': (
    <>
      <circle cx="18" cy="28" r="10" fill="none" stroke={brand} strokeWidth="3.5" />
      <path d="M25 21l11-11M28 10h8v8" fill="none" stroke={brand} strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="36" cy="36" r="4" fill={red} />
    </>
  ),
};

/** How the sample is taken: a drop of blood, or one saliva tube per sample. */
function Sample({ test }: { test: LabTest }) {
  if (test.type === 'blood') return <path d="M176 40c12 17 18 27 18 37a18 18 0 0 1-36 0c0-10 6-20 18-37z" fill={red} />;
  return (
    <>
      {Array.from({ length: test.samples }, (_, index) => (
        <g key={index} transform={`translate(${150 + index * 20} 34)`}>
          <rect width="14" height="58" rx="7" fill="#fff" stroke={brand} strokeWidth="3" />
          <rect x="3" y="34" width="8" height="21" rx="4" fill={accent} />
        </g>
      ))}
    </>
  );
}

/** A light drawing of one test's kit, different for every test of the catalog. */
export function TestArt({ test, className = '' }: { test: LabTest; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 220 110" className={className} data-test-art={test.slug}>
      <rect x="14" y="22" width="120" height="78" rx="12" fill="#fff" stroke={brand} strokeWidth="3" />
      <path d="M14 44h120" stroke={brand} strokeWidth="3" />
      <rect x="26" y="30" width="44" height="7" rx="3.5" fill={soft} />
      <g transform="translate(62 50)">{signs[test.slug] ?? <circle cx="24" cy="24" r="14" fill={soft} />}</g>
      <Sample test={test} />
    </svg>
  );
}
