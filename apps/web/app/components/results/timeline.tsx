import { PROGRAM_LENGTH_MONTHS } from '@shop/core';

export function Timeline() {
  const steps = [
    {
      label: 'Step 1',
      title: 'Test and find the root cause',
      text: 'Your starter test at home or at a partner lab. Results about 5 business days after the lab receives your sample.',
    },
    {
      label: 'Step 2',
      title: `The ${PROGRAM_LENGTH_MONTHS}-month Improvement Program`,
      text: 'A nutrition and lifestyle plan built on your results, coaching and personalised shopping lists, with 2 lab retests.',
    },
    { label: 'Later', title: 'A 3rd test', text: 'See what changed and keep what works.' },
  ];
  return (
    <section aria-labelledby="timeline-title" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="timeline-title" className="text-xl font-bold">
        Your timeline
      </h2>
      <ol className="mt-4 space-y-4 border-l-2 border-brand/30 pl-5">
        {steps.map((step) => (
          <li key={step.label}>
            <p className="text-sm font-bold text-brand">{step.label}</p>
            <p className="font-semibold">{step.title}</p>
            <p className="text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
