/**
 * The foods a plan names, each as it goes on a shopping list. Guidance and meals refer to them by
 * id, so a food favoured for two results is one line on the list, and a typo in an id is a type
 * error rather than a food that silently never shows.
 */
export const foodCategories = ['produce', 'protein', 'dairy', 'grains', 'pantry', 'frozen', 'drinks', 'snacks'] as const;
export type FoodCategory = (typeof foodCategories)[number];

/** Aisle names, in the order a printed list walks the shop. */
export const foodCategoryLabels: Record<FoodCategory, string> = {
  produce: 'Produce',
  protein: 'Protein',
  dairy: 'Dairy & alternatives',
  grains: 'Grains & bread',
  pantry: 'Pantry',
  frozen: 'Frozen',
  drinks: 'Drinks',
  snacks: 'Snacks & sweets',
};

export interface ProgramFood {
  name: string;
  category: FoodCategory;
}

export const programFoods = {
  // produce
  spinach: { name: 'Spinach', category: 'produce' },
  kale: { name: 'Kale', category: 'produce' },
  'salad-leaves': { name: 'Mixed salad leaves', category: 'produce' },
  broccoli: { name: 'Broccoli', category: 'produce' },
  'brussels-sprouts': { name: 'Brussels sprouts', category: 'produce' },
  asparagus: { name: 'Asparagus', category: 'produce' },
  'bell-peppers': { name: 'Bell peppers', category: 'produce' },
  tomatoes: { name: 'Tomatoes', category: 'produce' },
  carrots: { name: 'Carrots', category: 'produce' },
  'sweet-potatoes': { name: 'Sweet potatoes', category: 'produce' },
  mushrooms: { name: 'Mushrooms (UV-exposed if you can find them)', category: 'produce' },
  avocado: { name: 'Avocados', category: 'produce' },
  oranges: { name: 'Oranges', category: 'produce' },
  kiwi: { name: 'Kiwi fruit', category: 'produce' },
  apples: { name: 'Apples', category: 'produce' },
  bananas: { name: 'Bananas', category: 'produce' },
  // protein
  salmon: { name: 'Salmon', category: 'protein' },
  mackerel: { name: 'Mackerel', category: 'protein' },
  sardines: { name: 'Sardines (tinned)', category: 'protein' },
  mussels: { name: 'Mussels or clams', category: 'protein' },
  eggs: { name: 'Eggs', category: 'protein' },
  chicken: { name: 'Chicken', category: 'protein' },
  'red-meat': { name: 'Red meat (beef, lamb)', category: 'protein' },
  tofu: { name: 'Tofu', category: 'protein' },
  'processed-meat': { name: 'Processed meats (bacon, sausages, ham)', category: 'protein' },
  'fatty-meat': { name: 'Fatty cuts of meat', category: 'protein' },
  // dairy & alternatives
  'greek-yogurt': { name: 'Plain Greek yogurt', category: 'dairy' },
  milk: { name: 'Milk', category: 'dairy' },
  'fortified-plant-milk': { name: 'Fortified plant milk', category: 'dairy' },
  'butter-and-lard': { name: 'Butter, lard and ghee', category: 'dairy' },
  'cheese-and-cream': { name: 'Full-fat cheese and cream', category: 'dairy' },
  // grains
  oats: { name: 'Oats', category: 'grains' },
  barley: { name: 'Barley', category: 'grains' },
  quinoa: { name: 'Quinoa', category: 'grains' },
  'brown-rice': { name: 'Brown rice', category: 'grains' },
  'wholegrain-bread': { name: 'Wholegrain bread', category: 'grains' },
  'wholewheat-pasta': { name: 'Wholewheat pasta', category: 'grains' },
  'fortified-cereal': { name: 'Fortified breakfast cereal', category: 'grains' },
  'refined-grains': { name: 'White bread, white rice and refined cereals', category: 'grains' },
  // pantry
  lentils: { name: 'Lentils (dried or tinned)', category: 'pantry' },
  chickpeas: { name: 'Chickpeas (dried or tinned)', category: 'pantry' },
  'black-beans': { name: 'Black beans (dried or tinned)', category: 'pantry' },
  walnuts: { name: 'Walnuts', category: 'pantry' },
  almonds: { name: 'Almonds', category: 'pantry' },
  'pumpkin-seeds': { name: 'Pumpkin seeds', category: 'pantry' },
  'chia-flax': { name: 'Chia seeds or ground flaxseed', category: 'pantry' },
  'olive-oil': { name: 'Extra virgin olive oil', category: 'pantry' },
  'nutritional-yeast': { name: 'Fortified nutritional yeast', category: 'pantry' },
  'dark-chocolate': { name: 'Dark chocolate (70% cocoa or more)', category: 'pantry' },
  // frozen
  berries: { name: 'Berries (fresh or frozen)', category: 'produce' },
  edamame: { name: 'Edamame beans', category: 'frozen' },
  // drinks
  'herbal-tea': { name: 'Caffeine-free herbal tea', category: 'drinks' },
  'sugary-drinks': { name: 'Sugary drinks and fruit juice', category: 'drinks' },
  alcohol: { name: 'Alcohol', category: 'drinks' },
  'late-caffeine': { name: 'Coffee, tea and energy drinks after midday', category: 'drinks' },
  caffeine: { name: 'Strong coffee and energy drinks', category: 'drinks' },
  'tea-coffee-with-meals': { name: 'Tea and coffee with meals', category: 'drinks' },
  // snacks & sweets
  sweets: { name: 'Sweets, milk chocolate and desserts', category: 'snacks' },
  pastries: { name: 'Pastries, cakes and cookies', category: 'snacks' },
  'fried-food': { name: 'Fried food and fast food', category: 'snacks' },
  'ultra-processed': { name: 'Ready meals and packaged snacks', category: 'snacks' },
  kelp: { name: 'Kelp and seaweed snacks', category: 'snacks' },
} as const satisfies Record<string, ProgramFood>;

export type FoodId = keyof typeof programFoods;
