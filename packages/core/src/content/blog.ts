import type { TextSection } from './types.ts';

export interface Article {
  slug: string;
  title: string;
  summary: string;
  published: string;
  sections: readonly TextSection[];
}

export const articles: readonly Article[] = [
  {
    slug: 'why-ferritin-matters',
    title: 'Tired all the time? Why ferritin is worth checking',
    summary: 'Low iron stores are one of the most common, and most fixable, reasons for feeling drained.',
    published: '2026-10-06',
    sections: [
      {
        heading: 'Iron you store, not just iron you carry',
        paragraphs: [
          'Ferritin is the protein that stores iron. Your blood iron can look normal while your stores run low, and that is often when tiredness, brain fog and breathlessness on the stairs begin.',
          'Periods, pregnancy, endurance sport and plant-based diets all raise the chance of low stores.',
        ],
      },
      {
        heading: 'What to do with the result',
        paragraphs: [
          'Iron-rich foods eaten with vitamin C help; tea and coffee with meals hinder. If your stores are very low, talk to your doctor before starting a supplement, since too much iron is harmful too.',
        ],
      },
    ],
  },
  {
    slug: 'cortisol-curve',
    title: 'Your cortisol curve, in plain words',
    summary: 'Why three saliva samples say more about stress than a single number.',
    published: '2026-10-20',
    sections: [
      {
        heading: 'A hormone with a rhythm',
        paragraphs: [
          'Cortisol climbs in the first hour after waking, helping you get going, then falls through the day to its lowest at bedtime. Long periods of stress can flatten that curve or keep the evening high.',
        ],
      },
      {
        heading: 'Small changes that help',
        paragraphs: [
          'Daylight soon after waking, regular meal times, movement earlier in the day and a wind-down hour before bed all support a healthy rhythm. Retesting shows whether yours has shifted.',
        ],
      },
    ],
  },
  {
    slug: 'allergy-or-sensitivity',
    title: 'Food allergy or food sensitivity: what is the difference?',
    summary: 'IgE and IgG tests answer different questions. Here is which is which.',
    published: '2026-11-03',
    sections: [
      {
        heading: 'Allergy: IgE, fast and sometimes dangerous',
        paragraphs: [
          'A food allergy is an immune reaction driven by IgE antibodies. It comes on within minutes to a couple of hours: hives, swelling, vomiting, and at worst trouble breathing. A known severe allergy needs a doctor’s care, not an experiment.',
        ],
      },
      {
        heading: 'Sensitivity: IgG, slow and a starting point',
        paragraphs: [
          'IgG to a food mostly shows that you eat it. It cannot diagnose an intolerance, but it can help decide which foods to try leaving out first in an elimination diet, and reintroducing them one by one shows what really matters for you.',
        ],
      },
    ],
  },
];

export function findArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

/** The values of /blog/{article}, for prerendering and the sitemap. */
export const articleSlugs: readonly string[] = articles.map((article) => article.slug);
