import type { ReactNode } from 'react';

const tones = {
  error: 'border-danger/40 bg-red-50 text-danger',
  info: 'border-brand/30 bg-brand-soft text-brand-dark',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
} as const;

export function Alert({ tone = 'info', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm font-medium ${tones[tone]}`}>
      {children}
    </div>
  );
}
