import type { ComponentProps } from 'react';

interface ButtonProps extends ComponentProps<'button'> {
  pending?: boolean;
  pendingLabel?: string;
  variant?: 'primary' | 'secondary';
}

/** A button that shows its work: disabled and relabelled while its action runs. */
export function Button({ pending, pendingLabel, variant = 'primary', children, className = '', ...props }: ButtonProps) {
  const look =
    variant === 'primary'
      ? 'bg-brand text-white hover:bg-brand-dark disabled:bg-slate-400'
      : 'border border-ink bg-white text-ink hover:bg-slate-50 disabled:text-slate-400';
  return (
    <button
      {...props}
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold transition-colors disabled:cursor-not-allowed ${look} ${className}`}
    >
      {pending ? (
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
