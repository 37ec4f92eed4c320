/**
 * The shape bench/run.ts expects from a section (bench/lib/report.ts of the patients bench),
 * restated here so that these sections build on their own.
 */
export type Budget = { max?: number; min?: number };
export type Measurement = { group: string; name: string; metric: string; value: number; unit: string; budget?: Budget; note?: string };
export type SectionResult = { title: string; measurements: Measurement[]; notes?: string[] };
export type Section = { name: string; run: (log: (line: string) => void) => Promise<SectionResult> };
