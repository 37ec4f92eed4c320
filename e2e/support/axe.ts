import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violations on the page, or inside `include` (a selector: 'main', an open dialog), judged at
 * rest: the pointer is moved away first, since a just-clicked button would be judged in its hover
 * colours, and motion is reduced for every test (playwright.config.ts), so nothing is caught half faded
 * in. With `popupsClosed`, it first waits for a closing popup (a select's list) to stop hiding the rest
 * of the page from assistive technology (Radix marks it `data-aria-hidden` for a moment).
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; popupsClosed?: boolean } = {}) {
  await page.mouse.move(0, 0);
  if (options.popupsClosed) await expect(page.locator('[data-aria-hidden]')).toHaveCount(0);
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  expect((await builder.analyze()).violations).toEqual([]);
}
