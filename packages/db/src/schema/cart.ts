import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { quizResults } from './quiz.ts';

export const carts = pgTable('carts', {
  id: uuid().primaryKey().defaultRandom(),
  userId: text().references(() => users.id, { onDelete: 'set null' }),
  // open while it is being filled; checked_out once an order was placed from it
  status: text().notNull().default('open'),
  // the discount code the visitor applied, checked again when the order is placed
  couponCode: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productCode: text()
      .notNull()
      .references(() => products.code),
    // the lab test a starter-test line is for (null for products that are not one test)
    testId: integer(),
    quizResultId: uuid().references(() => quizResults.id, { onDelete: 'set null' }),
    quantity: integer().notNull().default(1),
    // where a starter-priced test line came from: 'quiz', 'area' or 'addon' (null: not such a line, or an older quiz line)
    origin: text(),
    // a test subscription's delivery frequency: 'monthly' or 'quarterly'
    frequency: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.cartId, t.productCode, t.testId).nullsNotDistinct()],
);
