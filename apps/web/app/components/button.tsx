import type { ComponentProps } from 'react';

interface ButtonProps extends ComponentProps<'button'> {
  pending?: boolean;
  pendingLabel?: string;
  variant?: 'primary' | 'secondary';
}

/**
 * A button that shows its work: relabelled, busy and refusing presses while its action runs. It
 * is not `disabled` then: a disabled button drops the keyboard's focus to the page's start, and a
 * person pressing "Find labs" or "Apply" would have to find their way back (WCAG 2.4.3).
 */
export function Button({ pending, pendingLabel, variant = 'primary', children, className = '', onClick, ...props }: ButtonProps) {
  const look =
    variant === 'primary'
      ? 'bg-brand text-white hover:bg-brand-dark disabled:bg-slate-400'
      : 'border border-ink bg-white text-ink hover:bg-slate-50 disabled:text-slate-400';
  return (
    <button
      {...props}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        // a second press while the first is on its way sends nothing (nor does Enter in a field)
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      className={`inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold transition-colors disabled:cursor-not-allowed ${look} ${className}`}
    >
      {pending ? (
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
