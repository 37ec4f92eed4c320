import type { Page } from '@playwright/test';

/**
 * The staff shell's sidebar: its links by name, without the dashboard's own links ('Primeros pasos'
 * says "Añade los dentistas…", "Crea el catálogo de productos y servicios", which a bare name matches).
 */
export const sidebar = (page: Page) => page.locator('[data-slot="sidebar"]').first();
