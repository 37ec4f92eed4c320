import type { Locator, Page } from '@playwright/test';

/** A signature drawn with the mouse: a few connected strokes across the pad. */
export async function signWithMouse(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 60) / 12), y + (i % 2 ? -30 : 30), { steps: 4 });
  }
  await page.mouse.up();
}
