import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A clinic signed up by its first admin, whose dashboard the page then shows. */
export async function signUpClinic(page: Page, clinic: string, adminEmail: string) {
  await page.goto('/providers/sign-up');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Clinic name').fill(clinic);
  await page.getByLabel('Type of clinic').selectOption('functional_medicine');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Full name').fill('Ana Green');
  await page.getByLabel('Work e-mail address').fill(adminEmail);
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my free dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
}
