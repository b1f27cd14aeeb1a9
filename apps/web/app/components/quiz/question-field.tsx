import type { Question } from '@shop/core';

/**
 * The id of what names a question on its screen, for the quiz to move focus to when the screen
 * changes: the date's own input (its label is read with it), else the question's legend.
 */
export function questionFocusId(question: Question): string {
  return question.kind === 'date' ? question.id : `${question.id}-question`;
}

type Value = string | string[] | undefined;

const layouts = {
  cards: 'grid gap-3 sm:grid-cols-2',
  list: 'grid gap-3',
  compact: 'flex flex-wrap gap-2',
} as const;

interface Props {
  question: Question;
  value: Value;
  presentation: keyof typeof layouts;
  onChange: (value: Value) => void;
}

/**
 * One question on its screen: radios, checkboxes or a date, all native and keyboard-usable, each
 * named by the question, so the screen posts its answer to the quiz's action as it is.
 */
export function QuestionField({ question, value, presentation, onChange }: Props) {
  if (question.kind === 'date') {
    return (
      <div>
        <label htmlFor={question.id} className="block text-2xl font-bold">
          {question.title}
        </label>
        {question.help ? <p className="mt-2 text-muted">{question.help}</p> : null}
        <input
          id={question.id}
          name={question.id}
          type="date"
          // the quiz asks the visitor's own date of birth, which the browser may fill in (WCAG 1.3.5)
          autoComplete="bday"
          required
          max={new Date().toISOString().slice(0, 10)}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          className="mt-6 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        />
      </div>
    );
  }
  const multi = question.kind === 'multi';
  const selected = new Set(Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);
  const toggle = (option: string) => {
    if (!multi) return onChange(option);
    // "none of these" stands alone
    if (option === 'none') return onChange(selected.has('none') ? [] : ['none']);
    const next = new Set([...selected].filter((item) => item !== 'none'));
    if (next.has(option)) next.delete(option);
    else next.add(option);
    onChange([...next]);
  };
  return (
    <fieldset>
      {/* focusable from the script only: the quiz moves focus here when it shows this question */}
      <legend id={questionFocusId(question)} tabIndex={-1} className="text-2xl font-bold">
        {question.title}
      </legend>
      {question.help ? <p className="mt-2 text-muted">{question.help}</p> : null}
      {multi ? <p className="mt-2 text-sm text-muted">Choose all that apply{question.optional ? ', or skip' : ''}.</p> : null}
      <div className={`mt-6 ${layouts[presentation]}`}>
        {question.options.map((option) => {
          const checked = selected.has(option.value);
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border-2 bg-white font-medium ${
                presentation === 'compact' ? 'px-3 py-2 text-sm' : 'px-4 py-3'
              } ${checked ? 'border-brand bg-brand-soft' : 'border-slate-200 hover:border-slate-400'}`}
            >
              <input
                type={multi ? 'checkbox' : 'radio'}
                name={question.id}
                value={option.value}
                checked={checked}
                onChange={() => toggle(option.value)}
                className="h-4 w-4 accent-brand"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
