import type { ReactNode } from 'react';

interface PageHeroProps {
  title: string;
  intro: string;
  eyebrow?: string;
  /** calls to action and prices under the intro */
  children?: ReactNode;
  /** an illustration beside the text on wide screens */
  art?: ReactNode;
}

/** The top of a content page: the page's one h1, its promise and what to do next. */
export function PageHero({ title, intro, eyebrow, children, art }: PageHeroProps) {
  return (
    <section className="bg-brand-soft">
      <div className={`mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 lg:py-20 ${art ? 'lg:grid-cols-[3fr_2fr]' : ''}`}>
        <div>
          {eyebrow ? <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">{eyebrow}</p> : null}
          <h1 className="mt-2 text-4xl font-extrabold leading-tight lg:text-5xl">{title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">{intro}</p>
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
        {art ? <div className="mx-auto w-full max-w-sm">{art}</div> : null}
      </div>
    </section>
  );
}
