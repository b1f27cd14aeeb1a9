/**
 * The everyday habits a plan can suggest. Several results and goals share a habit (regular
 * activity helps LDL, HDL, triglycerides and HbA1c), so they are named once and a plan lists each
 * one once, with every reason it is there.
 */
export const programHabits = {
  'move-most-days': 'Move most days: about 150 minutes a week of brisk walking, cycling or swimming, in whatever pieces suit you.',
  'strength-training': 'Add muscle-strengthening exercise, such as body-weight exercises or weights, twice a week.',
  'walk-after-meals': 'Take a 10 to 15 minute walk after your main meals.',
  'soluble-fibre-daily': 'Have a food rich in soluble fibre, such as oats, barley or beans, every day.',
  'fill-half-plate': 'Fill half your plate with vegetables at lunch and dinner.',
  'swap-sweet-drinks': 'Drink water, sparkling water or unsweetened tea instead of sweet drinks.',
  'cut-alcohol': 'Keep alcohol to a few drinks a week at most, with several alcohol-free days.',
  'stop-smoking': 'If you smoke, ask your clinician about support to stop: it is one of the biggest things you can do for your heart.',
  'regular-meals': 'Eat three regular meals a day, each with some protein, rather than skipping meals or dieting hard.',
  'eat-slowly': 'Eat slowly, chew well and stop when you are comfortably full.',
  'fibre-gradually': 'Add fibre gradually, with enough water, so your gut has time to adjust.',
  'cook-at-home': 'Cook most meals at home from simple ingredients, so you know what goes into them.',
  hydrate: 'Drink water through the day; a glass with each meal is an easy start.',
  'sleep-7-9': 'Aim for 7 to 9 hours of sleep a night.',
  'regular-bedtime': 'Go to bed and get up at the same times every day, weekends included.',
  'dim-lights-evening': 'Dim the lights and put screens away an hour before bed.',
  'morning-daylight': 'Get outside in daylight within an hour of waking, even for 10 minutes.',
  daylight: 'Spend time outdoors in daylight most days; in summer, a short time with your arms uncovered, without burning.',
  unwind: 'Take a few minutes each day to unwind: slow breathing, a walk outside or time with people you like.',
  'vitamin-c-with-iron': 'Pair iron-rich foods with a vitamin C food, such as peppers, oranges or kiwi, at the same meal.',
  'no-extra-iron': 'Leave out iron supplements and multivitamins with iron unless your clinician advises them.',
  'steam-greens': 'Steam greens or cook them briefly rather than boiling them for long: folate is lost in the cooking water.',
  'review-supplements':
    'Bring every supplement and over-the-counter medicine you take, with its dose, to your clinician, and add nothing new until you have talked.',
  'review-medicines': 'Ask your clinician or pharmacist whether a medicine you take, such as acid reflux tablets, lowers it.',
  'no-kelp': 'Avoid kelp and iodine supplements unless your clinician advises them: too much iodine can upset the thyroid too.',
  'note-symptoms':
    'Note how you feel, such as your energy, weight, mood and how you handle cold or heat, to go through with your clinician.',
  'note-cycle': 'Write down the first day of each period and how you feel across your cycle, to share with your clinician.',
  'repeat-when-well':
    'If you had a cold, an infection or an injury around the time of the test, tell your clinician: they may suggest testing again once you are well.',
  'retest-sampling': 'For your retest, collect each sample at the time the kit says, and leave out melatonin supplements beforehand.',
} as const satisfies Record<string, string>;

export type HabitId = keyof typeof programHabits;
