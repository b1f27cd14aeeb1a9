import type { TextareaHTMLAttributes } from 'react';
import { inputClasses, LabelledControl } from './field';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled text area, its error tied to it and read out as it appears, like `Field`'s. */
export function TextArea({ label, error, hint, id, className, ...input }: TextAreaProps) {
  return (
    <LabelledControl
      frame={{ label, error, hint, id, className }}
      control={(wiring) => <textarea {...wiring} rows={4} className={inputClasses(error)} {...input} />}
    />
  );
}
