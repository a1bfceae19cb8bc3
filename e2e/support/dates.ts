import type { Page } from '@playwright/test';

/**
 * Types `day` (`YYYY-MM-DD`) into the MUI X date field labelled `label`, section by section in the order the
 * interface language shows them (Month/Day/Year in English, Jour/Mois/Année in French…).
 */
export async function typeDate(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-') as [string, string, string];
  const parts: Record<string, string> = { Year: year, Month: month, Day: date };
  const sections = page.getByRole('group', { name: label }).getByRole('spinbutton');
  for (const section of await sections.all()) {
    const name = (await section.getAttribute('aria-label')) ?? '';
    const value = parts[name];
    if (value === undefined) throw new Error(`typeDate knows English section names only, not "${name}"`);
    await section.click();
    await page.keyboard.type(value);
  }
}
