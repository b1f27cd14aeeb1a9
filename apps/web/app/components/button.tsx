import type { ComponentProps } from 'react';

const looks = {
  primary: 'bg-brand text-white hover:bg-brand-dark disabled:bg-slate-400',
  secondary: 'border border-ink bg-white text-ink hover:bg-slate-50 disabled:text-slate-400',
  // a row's own action in a console table, in the brand's colour or, for what undoes, the danger's
  outline: 'border border-brand text-brand disabled:opacity-60',
  danger: 'border border-danger text-danger disabled:opacity-60',
} as const;
const sizes = { large: 'px-6 py-3', medium: 'px-5 py-2', small: 'px-4 py-1' } as const;

/**
 * The brand's button classes, for what must look like a `<Button>` without being one: a link, or a
 * console form's button. The console's are smaller (`medium`, and `small` in a table's row).
 */
export function buttonClasses({ variant = 'primary', size = 'large' }: { variant?: keyof typeof looks; size?: keyof typeof sizes } = {}) {
  return `inline-flex items-center justify-center gap-2 rounded-full ${sizes[size]} font-semibold transition-colors disabled:cursor-not-allowed ${looks[variant]}`;
}

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
      className={`${buttonClasses({ variant })} ${className}`}
    >
      {pending ? (
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
