import { aboutText } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'About us', description: aboutText.intro, path: '/about' });

export default function About() {
  return (
    <>
      <PageHero eyebrow="About Base" title={aboutText.headline} intro={aboutText.intro}>
        <CtaLink to="/science">Our science</CtaLink>
      </PageHero>
      <Points points={aboutText.values} heading="What we stand for" id="values" />
    </>
  );
}
