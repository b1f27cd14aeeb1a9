import type { AreaSlug } from '../catalog/areas.ts';

/** A question and its answer (specification §3: "FAQ entry"). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** The FAQ sets of the specification §3. business and providers live in faqs-partners.ts. */
export const faqSetNames = [
  'generic',
  'generic-quiz',
  'gifts',
  'how-it-works',
  'science',
  'food-sensitivity',
  'food-allergy',
  'nutritional-plan',
  'base-daily',
  'business',
  'providers',
] as const;
export type FaqSetName = (typeof faqSetNames)[number];

/** A written customer story (specification §3: "Testimonial"). */
export interface Testimonial {
  title: string;
  description: string;
  author: string;
  area: AreaSlug;
}

/**
 * A customer story told on camera (specification §3: "Video testimonial"). The shop ships no
 * video files yet: videoSrc stays null, the page shows the overlay image as a poster and the
 * transcript, and a real file can be dropped in later without touching the pages.
 */
export interface VideoTestimonial {
  name: string;
  /** the goal's slug */
  goal: string;
  videoName: string;
  videoSrc: string | null;
  /** the id of an illustration the web draws as the poster */
  overlayImage: string;
  transcript: string;
}

/** A titled block of running text: legal pages, articles, science notes. */
export interface TextSection {
  heading: string;
  paragraphs: readonly string[];
}
