import type { AreaSlug } from '../catalog/areas.ts';
import type { Testimonial, VideoTestimonial } from './types.ts';

// Sample stories written for the launch pages. Before the shop goes live they are replaced by
// customers' own words, published with their consent; the shapes stay the same.

export const testimonials: readonly Testimonial[] = [
  {
    title: 'My numbers moved in eight weeks',
    description:
      'My LDL was higher than I expected for my age. The plan swapped a few breakfasts and lunches, nothing drastic, and the retest showed it coming down.',
    author: 'Dana R.',
    area: 'diet',
  },
  {
    title: 'Less bloating, and I know why',
    description:
      'My CRP was raised. Following the meal plan and cutting late-night snacks, I feel lighter after meals and finally understand what helps.',
    author: 'Marcus T.',
    area: 'diet',
  },
  {
    title: 'My evenings got calmer',
    description:
      'The cortisol curve showed my stress hormone staying high at night. The evening routine from my coach was simple and I sleep through more often now.',
    author: 'Priya S.',
    area: 'stress',
  },
  {
    title: 'I stopped guessing about sleep',
    description:
      'My melatonin rose late. Dimming screens earlier and getting morning light were small changes, and I fall asleep faster than before.',
    author: 'Jordan K.',
    area: 'sleep',
  },
  {
    title: 'The tiredness had a reason',
    description:
      'Low ferritin. I had blamed work for years. With the food plan and what my doctor advised, my energy is back in the afternoons.',
    author: 'Elena M.',
    area: 'energy',
  },
  {
    title: 'Clear answers, kindly explained',
    description:
      'I wanted to understand my hormones before talking to my doctor. The report was easy to read and I went to the appointment with real questions.',
    author: 'Hannah L.',
    area: 'sex-drive',
  },
];

export function testimonialsForArea(area: AreaSlug): Testimonial[] {
  return testimonials.filter((testimonial) => testimonial.area === area);
}

export const videoTestimonials: readonly VideoTestimonial[] = [
  {
    name: 'Dana R.',
    goal: 'heart-health',
    videoName: 'Dana on lowering her cholesterol',
    videoSrc: null,
    overlayImage: 'heart',
    transcript:
      'I did the finger-prick at my kitchen table, it took five minutes. When my results came back my LDL was high, so I started the program. The shopping lists made it easy, and at my first retest the number had already dropped.',
  },
  {
    name: 'Priya S.',
    goal: 'anxiety-depression',
    videoName: 'Priya on her stress hormone',
    videoSrc: null,
    overlayImage: 'wave',
    transcript:
      'I spat in three tubes in one day, which sounds odd but was easy. Seeing my cortisol stay high at bedtime explained a lot. My coach and I worked on evenings first, and that is where I felt the change.',
  },
  {
    name: 'Elena M.',
    goal: 'fatigue',
    videoName: 'Elena on getting her energy back',
    videoSrc: null,
    overlayImage: 'sun',
    transcript:
      'I was tired all the time. The Focus Test showed my iron stores were low. I took the result to my doctor, followed the food plan, and a few weeks later the afternoons stopped being a struggle.',
  },
];
