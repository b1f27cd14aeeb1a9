import { formatMoney, getProduct, PROGRAM_LAB_RETESTS, PROGRAM_LENGTH_MONTHS } from '@shop/core';
import { CtaLink } from './cta-link';
import { Price } from './price';

/**
 * The ways to buy an area's plan. The quiz chooses the starter test, so every card leads there;
 * prices are the catalog's.
 */
export function PlanCards({ id = 'plans', quizPath = '/quiz' }: { id?: string; quizPath?: string }) {
  const starter = getProduct('base-quiz');
  const program = getProduct('base-improvement-plan');
  const upfront = getProduct('base-improvement-plan-pay-upfront');
  const monitor = getProduct('base-monitor');
  const plans = [
    {
      name: 'Starter test',
      price: <Price cents={starter.priceCents} className="text-3xl" />,
      lines: ['One test chosen for your goal', 'Results explained in plain words', 'Free shipping both ways'],
    },
    {
      name: `Starter test + ${PROGRAM_LENGTH_MONTHS}-month program`,
      price: <Price cents={upfront.priceCents} className="text-3xl" />,
      lines: [
        `${formatMoney(starter.priceCents)} today, ${formatMoney(program.priceCents)} only when your results arrive`,
        'Nutrition and lifestyle plan, health coaching',
        `${PROGRAM_LAB_RETESTS} lab retests and personalized shopping lists`,
      ],
    },
    {
      name: 'Test subscription',
      price: <Price cents={monitor.priceCents} suffix="per delivery" className="text-3xl" />,
      lines: ['Your test delivered monthly or quarterly', 'Charged on each delivery date', 'Follow your numbers over time'],
    },
  ];
  // Drawn with the page, not skipped until near the screen (below-fold): on a phone the three cards
  // stand about 1,250 px tall, far above the 40rem a skipped section holds, and while skipped they
  // spill over the links that follow, which then overlap their buttons for whoever measures the page
  // (accessibility checks found the links unreadable on the cards' colour and the buttons too small).
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-3xl font-bold">
        Plans
      </h2>
      <ul className="mt-8 grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.name} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-bold">{plan.name}</h3>
            <div className="mt-3">{plan.price}</div>
            <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-muted">
              {plan.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div className="mt-6">
              <CtaLink to={quizPath}>Find my starter test</CtaLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
