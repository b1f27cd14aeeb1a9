import { giftPages } from '@shop/core';
import { GiftLanding } from '../../components/content/gift-landing';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/gifts';

const copy = giftPages['gifts'];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: copy.title, description: copy.description, path: copy.path });

export default function GiftPage() {
  return <GiftLanding which="gifts" />;
}
