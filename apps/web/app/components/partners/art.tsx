// Drawn for these pages in the theme's colours. Decorative: hidden from screen readers, the text
// beside each one says what it shows.

const brand = '#0f5e4f';
const soft = '#e6f2ef';
const accent = '#b4541a';
const amber = '#f59e0b';
const ink = '#14213d';

/** A team around a rising chart: the business page. */
export function TeamArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 260 200" className={className}>
      <rect x="10" y="20" width="240" height="150" rx="18" fill="#fff" />
      <path d="M40 140l45-35 35 20 50-55 50-25" fill="none" stroke={brand} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="220" cy="45" r="9" fill={amber} />
      {[50, 95, 140, 185].map((x, index) => (
        <g key={x}>
          <circle cx={x + 10} cy="168" r="14" fill={index % 2 ? accent : brand} />
          <rect x={x - 6} y="182" width="32" height="16" rx="8" fill={index % 2 ? accent : brand} />
        </g>
      ))}
    </svg>
  );
}

/** A dashboard with a list of orders: the provider pages. */
export function DashboardArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 260 200" className={className}>
      <rect x="10" y="14" width="240" height="172" rx="16" fill="#fff" stroke={ink} strokeWidth="3" />
      <rect x="10" y="14" width="62" height="172" rx="16" fill={brand} />
      {[44, 70, 96].map((y) => (
        <rect key={y} x="24" y={y} width="34" height="8" rx="4" fill={soft} />
      ))}
      {[40, 82, 124].map((y, index) => (
        <g key={y}>
          <rect x="86" y={y} width="150" height="32" rx="8" fill={soft} />
          <circle cx="102" cy={y + 16} r="8" fill={index === 1 ? amber : brand} />
          <rect x="118" y={y + 8} width="70" height="7" rx="3.5" fill={ink} opacity="0.7" />
          <rect x="118" y={y + 19} width="44" height="6" rx="3" fill={ink} opacity="0.35" />
        </g>
      ))}
    </svg>
  );
}

/** Two people and a gift: the affiliate and referral pages. */
export function ReferralArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 260 200" className={className}>
      <circle cx="70" cy="70" r="26" fill={brand} />
      <rect x="34" y="104" width="72" height="70" rx="30" fill={brand} />
      <circle cx="190" cy="70" r="26" fill={accent} />
      <rect x="154" y="104" width="72" height="70" rx="30" fill={accent} />
      <rect x="108" y="112" width="44" height="40" rx="6" fill={amber} />
      <path d="M130 112v40M108 126h44" stroke="#fff" strokeWidth="5" />
      <path d="M130 112c-10-14-24-8-16 0M130 112c10-14 24-8 16 0" fill="none" stroke={ink} strokeWidth="3" />
      <path d="M100 44c18-18 42-18 60 0" fill="none" stroke={ink} strokeWidth="3" strokeDasharray="6 6" />
    </svg>
  );
}

/** A report with a chart: the whitepaper. */
export function ReportArt({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 200 220" className={className}>
      <rect x="30" y="10" width="150" height="200" rx="12" fill="#fff" stroke={ink} strokeWidth="3" />
      <rect x="48" y="32" width="90" height="12" rx="6" fill={brand} />
      <rect x="48" y="54" width="110" height="7" rx="3.5" fill={ink} opacity="0.3" />
      <rect x="48" y="68" width="96" height="7" rx="3.5" fill={ink} opacity="0.3" />
      {[
        [56, 40],
        [84, 70],
        [112, 55],
        [140, 90],
      ].map(([x, h]) => (
        <rect key={x} x={x} y={180 - h!} width="18" height={h} rx="4" fill={x === 140 ? accent : brand} />
      ))}
      <path d="M48 182h112" stroke={ink} strokeWidth="3" />
    </svg>
  );
}
