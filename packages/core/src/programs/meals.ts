import type { FoodId } from './foods.ts';

export const mealSlots = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealSlot = (typeof mealSlots)[number];

export const mealSlotLabels: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};

/** A simple meal, with the plan's foods it is made of (salt, herbs and the like go unnamed). */
export interface ProgramMeal {
  id: string;
  slot: MealSlot;
  name: string;
  foods: readonly FoodId[];
}

// Every slot keeps at least three meals free of every food any guidance limits, so no plan is
// left without a choice (a test holds the catalogue to it).
export const programMeals: readonly ProgramMeal[] = [
  { id: 'oats-berries-walnuts', slot: 'breakfast', name: 'Porridge oats with berries and walnuts', foods: ['oats', 'berries', 'walnuts'] },
  {
    id: 'yogurt-berries-seeds',
    slot: 'breakfast',
    name: 'Greek yogurt with berries and pumpkin seeds',
    foods: ['greek-yogurt', 'berries', 'pumpkin-seeds'],
  },
  {
    id: 'eggs-spinach-toast',
    slot: 'breakfast',
    name: 'Scrambled eggs with spinach on wholegrain toast',
    foods: ['eggs', 'spinach', 'wholegrain-bread'],
  },
  { id: 'cereal-kiwi', slot: 'breakfast', name: 'Fortified cereal with milk and a kiwi', foods: ['fortified-cereal', 'milk', 'kiwi'] },
  {
    id: 'avocado-egg-toast',
    slot: 'breakfast',
    name: 'Wholegrain toast with avocado and a poached egg',
    foods: ['wholegrain-bread', 'avocado', 'eggs'],
  },
  {
    id: 'overnight-oats',
    slot: 'breakfast',
    name: 'Overnight oats with chia or flaxseed and a grated apple',
    foods: ['oats', 'chia-flax', 'apples', 'fortified-plant-milk'],
  },
  {
    id: 'tofu-scramble',
    slot: 'breakfast',
    name: 'Tofu scramble with peppers and mushrooms',
    foods: ['tofu', 'bell-peppers', 'mushrooms'],
  },
  {
    id: 'green-smoothie',
    slot: 'breakfast',
    name: 'Smoothie of spinach, banana, fortified plant milk and flaxseed',
    foods: ['spinach', 'bananas', 'fortified-plant-milk', 'chia-flax'],
  },

  {
    id: 'lentil-soup',
    slot: 'lunch',
    name: 'Lentil and vegetable soup with wholegrain bread',
    foods: ['lentils', 'carrots', 'tomatoes', 'wholegrain-bread'],
  },
  {
    id: 'chickpea-salad',
    slot: 'lunch',
    name: 'Chickpea, spinach and tomato salad with olive oil',
    foods: ['chickpeas', 'spinach', 'tomatoes', 'olive-oil'],
  },
  {
    id: 'sardine-toast',
    slot: 'lunch',
    name: 'Sardines on wholegrain toast with a green salad',
    foods: ['sardines', 'wholegrain-bread', 'salad-leaves'],
  },
  {
    id: 'bean-quinoa-bowl',
    slot: 'lunch',
    name: 'Quinoa bowl with black beans, peppers and avocado',
    foods: ['quinoa', 'black-beans', 'bell-peppers', 'avocado'],
  },
  {
    id: 'barley-salad',
    slot: 'lunch',
    name: 'Barley salad with roasted peppers, kale and walnuts',
    foods: ['barley', 'bell-peppers', 'kale', 'walnuts', 'olive-oil'],
  },
  {
    id: 'salmon-rice-bowl',
    slot: 'lunch',
    name: 'Salmon and brown rice bowl with edamame and broccoli',
    foods: ['salmon', 'brown-rice', 'edamame', 'broccoli'],
  },
  { id: 'egg-avocado-wrap', slot: 'lunch', name: 'Egg and avocado wrap with salad leaves', foods: ['eggs', 'avocado', 'salad-leaves'] },
  {
    id: 'chicken-quinoa-salad',
    slot: 'lunch',
    name: 'Chicken, quinoa and kale salad with orange segments',
    foods: ['chicken', 'quinoa', 'kale', 'oranges'],
  },

  {
    id: 'salmon-sweet-potato',
    slot: 'dinner',
    name: 'Baked salmon with sweet potato and broccoli',
    foods: ['salmon', 'sweet-potatoes', 'broccoli'],
  },
  {
    id: 'lentil-dal',
    slot: 'dinner',
    name: 'Lentil and spinach dal with brown rice',
    foods: ['lentils', 'spinach', 'tomatoes', 'brown-rice'],
  },
  {
    id: 'beef-stir-fry',
    slot: 'dinner',
    name: 'Beef and pepper stir-fry with brown rice',
    foods: ['red-meat', 'bell-peppers', 'broccoli', 'brown-rice'],
  },
  {
    id: 'tofu-stir-fry',
    slot: 'dinner',
    name: 'Tofu, broccoli and pepper stir-fry with quinoa',
    foods: ['tofu', 'broccoli', 'bell-peppers', 'quinoa'],
  },
  {
    id: 'mackerel-barley',
    slot: 'dinner',
    name: 'Grilled mackerel with barley and a green salad',
    foods: ['mackerel', 'barley', 'salad-leaves'],
  },
  {
    id: 'chickpea-stew',
    slot: 'dinner',
    name: 'Chickpea and sweet potato stew with kale',
    foods: ['chickpeas', 'sweet-potatoes', 'kale', 'tomatoes'],
  },
  {
    id: 'mussels-pasta',
    slot: 'dinner',
    name: 'Mussels in tomato sauce with wholewheat pasta',
    foods: ['mussels', 'tomatoes', 'wholewheat-pasta'],
  },
  {
    id: 'chicken-sprouts',
    slot: 'dinner',
    name: 'Roast chicken with Brussels sprouts and quinoa',
    foods: ['chicken', 'brussels-sprouts', 'quinoa', 'olive-oil'],
  },
  {
    id: 'bean-chilli',
    slot: 'dinner',
    name: 'Black bean chilli with brown rice and avocado',
    foods: ['black-beans', 'tomatoes', 'bell-peppers', 'brown-rice', 'avocado'],
  },
  {
    id: 'salmon-pasta',
    slot: 'dinner',
    name: 'Wholewheat pasta with salmon and asparagus',
    foods: ['wholewheat-pasta', 'salmon', 'asparagus'],
  },

  { id: 'apple-almonds', slot: 'snack', name: 'An apple with a handful of almonds', foods: ['apples', 'almonds'] },
  { id: 'yogurt-berries', slot: 'snack', name: 'Plain Greek yogurt with berries', foods: ['greek-yogurt', 'berries'] },
  { id: 'kiwi-walnuts', slot: 'snack', name: 'A kiwi and a few walnuts', foods: ['kiwi', 'walnuts'] },
  { id: 'hummus-sticks', slot: 'snack', name: 'Hummus with pepper and carrot sticks', foods: ['chickpeas', 'bell-peppers', 'carrots'] },
  { id: 'seeds-orange', slot: 'snack', name: 'A small handful of pumpkin seeds and an orange', foods: ['pumpkin-seeds', 'oranges'] },
  {
    id: 'dark-chocolate-almonds',
    slot: 'snack',
    name: 'Two squares of dark chocolate with a few almonds',
    foods: ['dark-chocolate', 'almonds'],
  },
  {
    id: 'banana-milk',
    slot: 'snack',
    name: 'A banana with a glass of milk or fortified plant milk',
    foods: ['bananas', 'milk', 'fortified-plant-milk'],
  },
  { id: 'edamame', slot: 'snack', name: 'A bowl of steamed edamame', foods: ['edamame'] },
  {
    id: 'herbal-tea-walnuts',
    slot: 'snack',
    name: 'Caffeine-free herbal tea with a few walnuts, in the evening',
    foods: ['herbal-tea', 'walnuts'],
  },
];
