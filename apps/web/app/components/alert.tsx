import type { ReactNode, Ref } from 'react';

const tones = {
  error: 'border-danger/40 bg-red-50 text-danger',
  info: 'border-brand/30 bg-brand-soft text-brand-dark',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
} as const;

interface AlertProps {
  tone?: keyof typeof tones;
  children: ReactNode;
  /** given, the message can take the focus (tabIndex -1) where the focus would otherwise be lost */
  ref?: Ref<HTMLDivElement>;
}

export function Alert({ tone = 'info', children, ref }: AlertProps) {
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

/** A form's refusal, above its buttons, when it has one. */
export function FormRefusal({ message }: { message: string | null | undefined }) {
  return message ? (
    <div className="mt-3">
      <Alert tone="error">{message}</Alert>
    </div>
  ) : null;
}
