import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The journeys the browser tests share, written as a person would do them. */
export async function takeQuiz(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Take the quiz' }).first().click();
  await expect(page).toHaveURL(/\/quiz$/);
  await page.getByRole('radio', { name: /anxiety/i }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('When were you born?').fill('1990-04-12');
  await page.getByRole('button', { name: 'See my results' }).click();
  await expect(page).toHaveURL(/\/quiz-results\?id=/);
}

export async function addStarterTestToCart(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/starter plan/i);
  await expect(page.getByLabel('Price')).toContainText('$79.95');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
}

export async function fillAccount(page: Page, email: string, password = 'Sup3r-secret!') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

export async function pay(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

export function uniqueEmail(tag: string) {
  return `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}
