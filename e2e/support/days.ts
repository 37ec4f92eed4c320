import { todayInZone } from '@odontia/shared';

/** The e2e clinics' zone (they are created in Madrid, and the browser runs there: playwright.config.ts). */
const ZONE = 'Europe/Madrid';

/** The clinic's calendar day `days` from now (YYYY-MM-DD), as its agenda counts days. */
export const dayAhead = (days: number): string => todayInZone(ZONE, new Date(Date.now() + days * 86_400_000));
