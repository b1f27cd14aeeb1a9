import { areas, biomarkerPages, goals } from '@shop/core';

export interface MenuLink {
  to: string;
  label: string;
}

export interface MenuGroup {
  id: string;
  label: string;
  links: readonly MenuLink[];
}

/** A page for each test or biomarker: in the Tests menu, and in the footer where crawlers find them. */
export const testPageLinks: readonly MenuLink[] = biomarkerPages.map((page) => ({ to: `/test/${page.slug}`, label: page.title }));

// Every entry comes from core's catalog, so a new goal or test page shows up in the menu by itself.
export const menuGroups: readonly MenuGroup[] = [
  {
    id: 'areas',
    label: 'Areas',
    links: areas.map((area) => ({ to: `/goal/${area.slug}`, label: area.name })),
  },
  {
    id: 'goals',
    label: 'Goals',
    links: [...goals.map((goal) => ({ to: `/goal/${goal.slug}`, label: goal.name })), { to: '/all-goals', label: 'All goals' }],
  },
  {
    id: 'tests',
    label: 'Tests',
    links: [
      ...testPageLinks,
      { to: '/complete-testing-plan', label: 'Complete testing plan' },
      { to: '/food-allergy', label: 'Food allergy test' },
      { to: '/food-sensitivity', label: 'Food sensitivity test' },
      { to: '/nutritional-plan', label: 'Nutritional plan from your labs' },
      { to: '/add-ons-page', label: 'Add-ons and coach consultation' },
    ],
  },
  {
    id: 'more',
    label: 'More',
    links: [
      { to: '/how-it-works', label: 'How it works' },
      { to: '/science', label: 'Our science' },
      { to: '/reviews', label: 'Reviews' },
      { to: '/gifts', label: 'Gifts' },
      { to: '/base-daily', label: 'Base Daily app' },
      { to: '/business', label: 'For employers' },
      { to: '/providers/home', label: 'For providers' },
      { to: '/affiliate-program', label: 'Affiliate program' },
      { to: '/about', label: 'About us' },
      { to: '/blog/', label: 'Blog' },
    ],
  },
];
