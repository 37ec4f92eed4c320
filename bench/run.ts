/**
 * `npm run bench [-- name ...]`: runs the sections (all, or those named) and prints one table of
 * figures against their budgets; exits non-zero when a budget is missed.
 *
 * A section is a `Section` (bench/lib/report.ts) exported from bench/sections/<name>.ts: it
 * measures, returns figures with their budgets, and is listed below.
 */
import { renderTable, verdict, type Section, type SectionResult } from './lib/report.ts';
import { agendaSection } from './sections/agenda.ts';
import { catalogSection } from './sections/catalogo.ts';
import { comprasSection } from './sections/compras.ts';
import { directorySection } from './sections/directory.ts';
import { historySection } from './sections/historia.ts';
import { jornadaSection } from './sections/jornada.ts';
import { lighthouseSection } from './sections/lighthouse.ts';
import { messagesSection } from './sections/mensajes.ts';
import { notificationsSection } from './sections/notifications.ts';
import { odontogramSection } from './sections/odontograma.ts';
import { patientsSection } from './sections/patients.ts';
import { budgetsSection } from './sections/presupuestos.ts';
import { publicSizeSection } from './sections/public-size.ts';
import { bookingSection } from './sections/reservas.ts';
import { reportsSection } from './sections/reportes.ts';

const SECTIONS: Section[] = [
  patientsSection,
  directorySection,
  notificationsSection,
  agendaSection,
  catalogSection,
  comprasSection,
  odontogramSection,
  historySection,
  budgetsSection,
  jornadaSection,
  bookingSection,
  messagesSection,
  reportsSection,
  publicSizeSection,
  lighthouseSection,
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SECTIONS.some((s) => s.name === name));
if (unknown.length) {
  console.error(
    `Secciones desconocidas: ${unknown.join(', ')}. Disponibles: ${SECTIONS.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = wanted.length ? SECTIONS.filter((s) => wanted.includes(s.name)) : SECTIONS;

const results: SectionResult[] = [];
let crashed = 0;
for (const section of selected) {
  const started = performance.now();
  console.log(`\n== ${section.name} ==`);
  try {
    const result = await section.run((line) => console.log(line));
    results.push(result);
    for (const note of result.notes ?? []) console.log(note);
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    crashed++;
    console.error(`La sección ${section.name} falló: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(`\n${renderTable(results)}`);
const failed = results.flatMap((r) => r.measurements).filter((m) => verdict(m) === 'FAIL').length;
console.log(`\n${failed} fuera de presupuesto, ${crashed} secciones con error`);
process.exitCode = failed || crashed ? 1 : 0;
