/**
 * Supplements a plan may suggest talking about, never taking on its own say: each note says why it
 * is sometimes used and what a clinician will want to weigh first.
 */
export interface ProgramSupplement {
  name: string;
  note: string;
}

export const programSupplements = {
  iron: {
    name: 'Iron',
    note: 'Often used to rebuild low iron stores, but only at the dose your clinician suggests: too much iron is harmful, and they may want to find out why it is low.',
  },
  'vitamin-d': {
    name: 'Vitamin D3',
    note: 'Often suggested when levels are low, especially from autumn to spring; discuss the dose with your clinician.',
  },
  'folic-acid': {
    name: 'Folic acid',
    note: 'Discuss with your clinician, who may check your vitamin B12 first; if you could become pregnant, ask about it in any case.',
  },
  magnesium: {
    name: 'Magnesium',
    note: 'Discuss with your clinician first, especially if you have kidney problems or take other medicines.',
  },
  'vitamin-b12': {
    name: 'Vitamin B12',
    note: 'Commonly used when levels are low, especially on a plant-based diet; your clinician will suggest the form and dose, and may look into why it is low.',
  },
  'omega-3': {
    name: 'Omega-3 fish oil',
    note: 'Sometimes used for high triglycerides; discuss it with your clinician, especially if you take a blood thinner.',
  },
  'plant-sterols': {
    name: 'Plant sterols or stanols',
    note: 'Can lower LDL a little for some people; discuss them with your clinician first, especially if you take a cholesterol medicine.',
  },
  melatonin: {
    name: 'Melatonin',
    note: 'Sold over the counter in the US, but ask your clinician whether it suits you, and stop it before a retest: it changes the result.',
  },
} as const satisfies Record<string, ProgramSupplement>;

export type SupplementId = keyof typeof programSupplements;
