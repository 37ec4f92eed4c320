import { expect, type Locator } from '@playwright/test';

/**
 * Every select in `scope` shows its chosen option whole: the text, measured in the select's own font,
 * fits between its paddings and the arrow (about 20 px in Chromium). A select cut to «Sin des» fails.
 */
export async function expectSelectsWhole(scope: Locator, what: string) {
  const cut = await scope.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return Array.from(el.querySelectorAll('select')).flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = style.font;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return context.measureText(text).width > room ? [text] : [];
    });
  });
  expect(cut, what).toEqual([]);
}
