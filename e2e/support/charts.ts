import { expect, type Locator } from '@playwright/test';

/**
 * Every chart's axis labels in `panel` are whole: none starts left of its chart (a fixed axis width cut
 * '225 mil' to '25 mil'). Waits for a chart's labels first.
 */
export async function expectChartLabelsWhole(panel: Locator, what: string) {
  await expect(panel.locator('.recharts-cartesian-axis-tick-label').first()).toBeVisible();
  const cut = await panel.evaluate((el) =>
    Array.from(el.querySelectorAll('svg.recharts-surface')).flatMap((svg) => {
      const left = svg.getBoundingClientRect().left;
      return Array.from(svg.querySelectorAll('.recharts-cartesian-axis-tick-label text'))
        .filter((label) => label.getBoundingClientRect().left < left - 0.5)
        .map((label) => label.textContent);
    }),
  );
  expect(cut, what).toEqual([]);
}
