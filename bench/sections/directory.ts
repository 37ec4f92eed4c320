/**
 * Directory queries at 10,000 clinics: list, filters and search of published clinics through the
 * real API routes (in process), against the budget of 20 ms p99, next to a straightforward query
 * without the normalised columns and partial indexes. Prints the plan of the main queries too.
 * The list and landing routes reuse an answer while the directory's version holds (directory.service.ts:
 * one primary-key read, then the kept JSON), so under load they mostly serve a reused one; the plans
 * printed are those of the queries that compute it.
 *
 * PostgreSQL at BENCH_DIRECTORY_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/odontia_bench_directorio),
 * created and filled on the first run; PGlite in a temporary folder when PostgreSQL is not reachable.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../apps/api/src/app.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../apps/api/src/db/client.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { seedReferenceData } from '../../apps/api/src/seed/seed.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { createLogger } from '../../apps/api/src/platform/logger.ts';
import { createDeps } from '../../apps/api/src/server.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';
import { measure, percentile } from '../lib/http-load.ts';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { createSeoTransform } from '../../apps/api/src/features/directory/seo/seo-transform.ts';
import { loadPageRenderer } from '../../apps/api/src/platform/page-renderer.ts';
import { webDistDir, webRendererFile } from '../../apps/api/src/server.ts';

export const CLINICS = 10_000;
const BUDGET_P99_MS = 20;
/** Issue 26: the server-rendered pages at 10 connections. */
const PAGE_BUDGET_P99_MS = { directorio: 20, perfil: 15 } as const;
const PAGE_CONNECTIONS = 10;
const RUNS = 300;
const WARMUP = 30;

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/odontia_bench_directorio';

async function postgresReachable(url: string): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function sql<T>(handle: DatabaseHandle, text: string, params: unknown[] = []): Promise<T[]> {
  if (handle.pool) return (await handle.pool.query(text, params)).rows as T[];
  return (await handle.pglite!.query(text, params)).rows as T[];
}

const WORDS = [
  'Sol',
  'Luna',
  'Mar',
  'Norte',
  'Sur',
  'Centro',
  'Plaza',
  'Jardín',
  'Parque',
  'Río',
  'Sierra',
  'Olivo',
  'Roble',
  'Pino',
  'Brisa',
  'Aurora',
  'Estrella',
  'Puerto',
  'Alameda',
  'Castilla',
  'Ébano',
  'Cristal',
  'Perla',
  'Marfil',
  'Esmeralda',
  'Ámbar',
  'Coral',
  'Lirio',
  'Nogal',
  'Cedro',
];
const PREFIXES = ['Clínica Dental', 'Centro Odontológico', 'Dental', 'Sonrisas', 'Odontología'];
const CITIES = [
  'Madrid',
  'Barcelona',
  'Valencia',
  'Sevilla',
  'Zaragoza',
  'Málaga',
  'Murcia',
  'Palma',
  'Bilbao',
  'Alicante',
  'Córdoba',
  'Valladolid',
  'Vigo',
  'Gijón',
  'A Coruña',
  'Granada',
  'Vitoria-Gasteiz',
  'Elche',
  'Oviedo',
  'Pamplona',
];
const SPECIALTIES = [
  'odontologia-general',
  'ortodoncia',
  'endodoncia',
  'periodoncia',
  'odontopediatria',
  'implantologia',
  'estetica-dental',
  'cirugia-oral',
];

const arr = (values: string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** 10,000 clinics (9 in 10 published), each with its own owner, in one statement per table. */
async function prepare(handle: DatabaseHandle, log: (line: string) => void) {
  await runMigrations(handle);
  await seedReferenceData(handle.db);
  const [{ n }] = await sql<{ n: string }>(
    handle,
    `select count(*) as n from clinicas where user_id like 'bench-dir-%'`,
  );
  if (Number(n) === CLINICS) {
    log(`datos existentes reutilizados (${CLINICS} clínicas)`);
    return;
  }
  const started = performance.now();
  await sql(handle, `delete from "user" where id like 'bench-dir-%'`);
  await sql(
    handle,
    `insert into "user" (id, name, email, email_verified, onboarding_step)
     select 'bench-dir-' || g, 'Bench ' || g, 'bench-dir-' || g || '@odontia.test', false, 'completado' from generate_series(1, ${CLINICS}) g`,
  );
  await sql(
    handle,
    `insert into clinicas (user_id, nombre, telefono, pais, ciudad, direccion, publicada, fecha_publicacion, fecha_perfil_actualizado,
                           descripcion, especialidades, servicios, horario, destacada)
     select 'bench-dir-' || g,
            (${arr(PREFIXES)})[1 + g % ${PREFIXES.length}] || ' ' || (${arr(WORDS)})[1 + (g * 7) % ${WORDS.length}] || ' ' || g,
            '910' || lpad(g::text, 6, '0'), 'España',
            (${arr(CITIES)})[1 + (g * 13) % ${CITIES.length}],
            'Calle Mayor ' || g,
            g % 10 <> 0,
            now() - ((g % 400) || ' days')::interval,
            now() - ((g % 60) || ' days')::interval,
            'Clínica dental con atención personalizada, tecnología digital y un equipo de especialistas.',
            array[(${arr(SPECIALTIES)})[1 + g % 8], (${arr(SPECIALTIES)})[1 + (g / 8) % 8]]::text[],
            array['Limpieza dental', 'Empastes', 'Ortodoncia']::text[],
            '[{"dias":"Lunes a viernes","horas":"09:00 - 20:00"}]'::jsonb,
            g % 40 = 0
     from generate_series(1, ${CLINICS}) g`,
  );
  await sql(handle, 'analyze clinicas');
  log(`${CLINICS} clínicas generadas en ${Math.round(performance.now() - started)} ms`);
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function runDirectoryBench(log: (line: string) => void): Promise<SectionResult> {
  const url = process.env.BENCH_DIRECTORY_DATABASE_URL || DEFAULT_URL;
  const usePostgres = await postgresReachable(url);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'odontia-bench-dir-'));
  const handle = usePostgres ? openPostgres(url) : await openPglite(tmp);
  const group = usePostgres ? 'PostgreSQL' : 'PGlite';
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  let deps: ReturnType<typeof createDeps> | undefined;
  try {
    log(`directorio: ${group}, ${CLINICS} clínicas`);
    await prepare(handle, log);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tmp,
      SEED_DEMO: 'false',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'silent',
    });
    deps = createDeps(config, handle, createLogger('silent'));
    const app = createApp(deps);
    const get = async (p: string) => {
      const res = await app.request(`http://localhost${p}`);
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      return res.json();
    };
    const [{ id }] = await sql<{ id: string }>(
      handle,
      'select id from clinicas where publicada order by nombre limit 1 offset 500',
    );

    const cases: [string, string][] = [
      ['lista, página 1', '/api/directorio/clinicas'],
      ['lista, página 300', '/api/directorio/clinicas?pagina=300'],
      ['ciudad', '/api/directorio/clinicas?ciudad=malaga'],
      ['especialidad', '/api/directorio/clinicas?especialidad=ortodoncia'],
      ['especialidad + ciudad', '/api/directorio/clinicas?especialidad=ortodoncia&ciudad=Sevilla'],
      ['búsqueda por nombre', '/api/directorio/clinicas?q=jardin'],
      ['búsqueda por nombre + ciudad', '/api/directorio/clinicas?q=sonrisas&ciudad=Valencia'],
      ['búsqueda por ciudad', '/api/directorio/clinicas?q=C%C3%B3rdoba'],
      ['inicio (landing)', '/api/directorio/inicio'],
      ['perfil', `/api/directorio/clinicas/${id}`],
    ];
    notes.push(
      `API en proceso (rutas reales), ${RUNS} peticiones seguidas por caso tras ${WARMUP} de calentamiento; ${CLINICS} clínicas, 9 de cada 10 publicadas.`,
    );
    for (const [name, p] of cases) {
      const { p50, p99 } = await time(() => get(p));
      measurements.push({ group, name, metric: 'p50', value: p50, unit: 'ms' });
      measurements.push({ group, name, metric: 'p99', value: p99, unit: 'ms', budget: { max: BUDGET_P99_MS } });
    }

    await measureRenderedPages(deps, id, group, measurements, notes, log);

    // The straightforward way: normalise on the fly, no partial index, count with the page.
    const baseline: [string, string, unknown[]][] = [
      [
        'búsqueda por nombre',
        `select id, nombre, ciudad, count(*) over () as total from clinicas
         where publicada = $1 and lower(unaccent(nombre)) like $2 order by destacada desc, nombre limit 12`,
        [true, '%jardin%'],
      ],
      [
        'ciudad',
        `select id, nombre, ciudad, count(*) over () as total from clinicas
         where publicada = $1 and lower(unaccent(coalesce(ciudad, ''))) = $2 order by destacada desc, nombre limit 12`,
        [true, 'malaga'],
      ],
    ];
    for (const [name, text, params] of baseline) {
      const { p50, p99 } = await time(() => sql(handle, text, params));
      measurements.push({
        group,
        name: `línea base: ${name}`,
        metric: 'p50',
        value: p50,
        unit: 'ms',
        note: 'SQL directo, sin índices parciales',
      });
      measurements.push({ group, name: `línea base: ${name}`, metric: 'p99', value: p99, unit: 'ms' });
    }

    // Which indexes the real queries use.
    const plans: [string, string, unknown[]][] = [
      ['lista', `select id from clinicas where publicada order by destacada desc nulls last, nombre, id limit 12`, []],
      [
        'ciudad',
        `select id from clinicas where publicada and ciudad_busqueda = odontia_normalizar($1) order by destacada desc nulls last, nombre, id limit 12`,
        ['malaga'],
      ],
      // A specialty matches a quarter of the clinics: reading them in order from the list index is the cheapest plan.
      [
        'especialidad',
        `select id from clinicas where publicada and especialidades @> array[$1]::text[] order by destacada desc nulls last, nombre, id limit 12`,
        ['ortodoncia'],
      ],
      ['nombre', `select count(*) from clinicas where publicada and nombre_busqueda like $1`, ['%jardin%']],
      [
        'ciudad + esp.',
        `select count(*) from clinicas where publicada and ciudad_busqueda = odontia_normalizar($1) and especialidades @> array[$2]::text[]`,
        ['sevilla', 'ortodoncia'],
      ],
    ];
    notes.push('Índices que usan las consultas (EXPLAIN):');
    for (const [name, text, params] of plans) {
      const rows = await sql<Record<string, string>>(handle, `explain ${text}`, params);
      const plan = rows.map((r) => Object.values(r)[0]).join(' | ');
      const indexes = [
        ...plan.matchAll(/(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? on (\w+)|using (\w+)/g),
      ].map((m) => m[1] ?? m[2]);
      notes.push(
        `  ${name.padEnd(14)} ${indexes.length ? [...new Set(indexes)].join(', ') : `sin índice (${plan.slice(0, 80)}…)`}`,
      );
    }
  } finally {
    await deps?.realtime.close();
    await handle.close();
    await rm(tmp, { recursive: true, force: true });
  }
  return { title: 'Directorio (10.000 clínicas)', measurements, notes };
}

/**
 * The public pages as a visitor gets them (SEO transform and server rendering, `npm start`'s
 * composition) over HTTP at 10 connections. Skipped, with a note, when the web app is not built.
 */
async function measureRenderedPages(
  deps: ReturnType<typeof createDeps>,
  profileId: string,
  group: string,
  measurements: Measurement[],
  notes: string[],
  log: (line: string) => void,
) {
  if (!existsSync(path.join(webDistDir, 'index.html')) || !existsSync(webRendererFile)) {
    notes.push('Páginas renderizadas: sin medir, la aplicación web no está compilada (npm run build).');
    return;
  }
  const renderPage = await loadPageRenderer(webRendererFile, createLogger('warn'));
  const app = createApp(deps, {
    spa: { distDir: webDistDir, transformHtml: createSeoTransform(deps, { distDir: webDistDir, renderPage }) },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const pages: [string, string, number][] = [
      ['página /clinicas', '/clinicas', PAGE_BUDGET_P99_MS.directorio],
      ['página /clinicas?ciudad=malaga', '/clinicas?ciudad=malaga', PAGE_BUDGET_P99_MS.directorio],
      [
        'página /clinicas?especialidad=ortodoncia&pagina=3',
        '/clinicas?especialidad=ortodoncia&pagina=3',
        PAGE_BUDGET_P99_MS.directorio,
      ],
      ['página de perfil', `/clinicas/${profileId}`, PAGE_BUDGET_P99_MS.perfil],
    ];
    for (const [name, p, budget] of pages) {
      const first = await fetch(`${base}${p}`);
      const html = await first.text();
      if (first.status !== 200 || !html.includes('data-ssr'))
        throw new Error(`${p}: ${first.status}, sin renderizar en el servidor`);
      const r = await measure({ url: `${base}${p}`, connections: PAGE_CONNECTIONS, warmupSeconds: 2, seconds: 6 });
      if (r.errors || r.non2xx) throw new Error(`${p}: ${r.errors} errores, ${r.non2xx} respuestas no 2xx`);
      log(`  ${name}: p99 ${r.p99.toFixed(1)} ms, ${Math.round(r.reqPerSec)} pet/s`);
      measurements.push({
        group,
        name,
        metric: 'p50',
        value: r.p50,
        unit: 'ms',
        note: `${Math.round(r.reqPerSec)} pet/s`,
      });
      measurements.push({ group, name, metric: 'p99', value: r.p99, unit: 'ms', budget: { max: budget } });
    }
    notes.push(
      `Páginas renderizadas en el servidor (transformación SEO + React en el servidor, como npm start), por HTTP con ${PAGE_CONNECTIONS} conexiones, 6 s medidos tras 2 s de calentamiento.`,
    );
  } finally {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
}

export const directorySection: Section = { name: 'directorio', run: runDirectoryBench };
