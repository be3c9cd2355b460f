import type { Page } from 'playwright-core';

/**
 * The rows of the catalogue table as text, [] when no table is shown (loading, empty or error); the animals pinned
 * as just added, in a table of their own above it, are not among them.
 */
export function tableRows(page: Page): Promise<string[][]> {
  return page
    .locator('table tbody tr:not(.just-added tr)')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

export async function addAnimal(
  page: Page,
  animal: { name: string; categoryId: string; status: string },
  submit: 'click' | 'dblclick' = 'click',
): Promise<void> {
  const form = page.getByRole('region', { name: 'Add an animal' });
  await form.getByLabel('Name').fill(animal.name);
  await form.getByLabel('Category ID').fill(animal.categoryId);
  await form.getByLabel('Status').selectOption(animal.status);
  await form.getByRole('button', { name: 'Add animal' })[submit]();
}
