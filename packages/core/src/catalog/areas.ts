/** The five areas a starter test, a testing plan page and a goal belong to (specification §1, §3). */
export const areaSlugs = ['diet', 'stress', 'sleep', 'energy', 'sex-drive'] as const;
export type AreaSlug = (typeof areaSlugs)[number];

export interface Area {
  slug: AreaSlug;
  name: string;
  /** one line, for cards and meta descriptions */
  description: string;
}

export const areas: readonly Area[] = [
  {
    slug: 'diet',
    name: 'Diet',
    description: 'How your body handles fat and sugar, and where inflammation comes from.',
  },
  {
    slug: 'stress',
    name: 'Stress',
    description: 'Your stress hormone across the day, and what it says about how you cope.',
  },
  {
    slug: 'sleep',
    name: 'Sleep',
    description: 'The sleep hormone that tells your body when it is night.',
  },
  {
    slug: 'energy',
    name: 'Energy',
    description: 'Iron, vitamins and thyroid hormones: the usual suspects behind tiredness and brain fog.',
  },
  {
    slug: 'sex-drive',
    name: 'Sex drive',
    description: 'The sex hormones that shape desire, mood and energy, in women and in men.',
  },
];

export function isAreaSlug(value: string): value is AreaSlug {
  return (areaSlugs as readonly string[]).includes(value);
}

export function getArea(slug: AreaSlug): Area {
  const area = areas.find((candidate) => candidate.slug === slug);
  if (!area) throw new RangeError(`Unknown area ${slug}`);
  return area;
}
