/**
 * `npm run bench -- catalogo` (issue 13): the catalogue on PostgreSQL with 10 connections.
 * - a clinic with 5,000 items: the list with a tab and a search term, p99 <= 15 ms over HTTP;
 * - 50 concurrent -1 adjustments of one item with stock 10: the stock ends at exactly 0, 40 are
 *   refused, no movement leaves a negative stock, and the movements add up to the change.
 *
 * Its own database (dropped and created each run): `odontia_bench_catalogo` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_CATALOG_DATABASE_URL.
 */
import os from 'node:os';
import pg from 'pg';
import { productos } from '../../apps/api/src/db/schema/index.ts';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { adjustStock } from '../../apps/api/src/platform/stock.ts';
import { benchDatabaseUrl, isPostgresReachable } from '../lib/database.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { measure } from '../lib/http-load.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';

const ITEMS = Number(process.env.BENCH_CATALOG_ITEMS ?? 5000);
const CONNECTIONS = 10;
const ADJUSTMENTS = 50;
const START_STOCK = 10;
const BUDGET_LIST_P99_MS = 15;
/** A word a person types in the search box: about one item in twenty has it. */
const TERM = 'resína';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

function databaseUrl(): string {
  if (process.env.BENCH_CATALOG_DATABASE_URL) return process.env.BENCH_CATALOG_DATABASE_URL;
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || benchDatabaseUrl());
  u.pathname = '/odontia_bench_catalogo';
  return u.toString();
}

/** ITEMS realistic items (names with accents, codes, descriptions) in the three categories, in one statement. */
async function bulkItems(pool: pg.Pool, clinicaId: string): Promise<void> {
  await pool.query(
    `insert into productos (clinica_id, nombre, descripcion, categoria, codigo, precio_compra, precio_venta, stock_actual, stock_minimo, unidad_medida, tipo_impuesto)
     select $1::uuid,
            b.base || ' ' || v.variante || ' ' || g,
            case when g % 4 = 0 then null else 'Referencia ' || g || ' de ' || lower(b.base) || ', uso clínico' end,
            c.categoria,
            'BX-' || lpad(g::text, 5, '0'),
            case when c.categoria = 'servicio' then null else 1000 * (1 + g % 300) end,
            case when c.categoria = 'insumo' then null else 1500 * (1 + g % 400) end,
            case when c.categoria = 'servicio' then null else g % 60 end,
            case when c.categoria = 'servicio' then null else 5 end,
            case when c.categoria = 'servicio' then null else (array['unidad', 'caja', 'kg'])[1 + g % 3] end,
            case when c.categoria = 'servicio' then 'CO_EXCLUIDO' else 'CO_IVA_19' end
     from generate_series(1, $2::int) g
     cross join lateral (select (array['Guantes de nitrilo', 'Resina compuesta', 'Anestesia lidocaína', 'Cepillo dental', 'Seda dental',
       'Mascarillas quirúrgicas', 'Limas endodónticas', 'Ácido grabador', 'Adhesivo dental', 'Ionómero de vidrio', 'Algodón en rollos',
       'Eyectores de saliva', 'Baberos desechables', 'Hipoclorito de sodio', 'Alginato', 'Gasas estériles', 'Fresas de diamante',
       'Brackets metálicos', 'Arco de níquel-titanio', 'Enjuague bucal'])[1 + g % 20] as base) b
     cross join lateral (select (array['talla S', 'talla M', 'A2', 'A3', 'x50', 'x100', '500 ml', 'grano fino', 'infantil', 'premium'])[1 + (g / 20) % 10] as variante) v
     cross join lateral (select (array['producto', 'servicio', 'insumo'])[1 + (g / 7) % 3] as categoria) c`,
    [clinicaId, ITEMS],
  );
  await pool.query('vacuum analyze productos');
}

async function runCatalogBench(log: (line: string) => void): Promise<SectionResult> {
  const url = databaseUrl();
  const title = 'Catálogo e inventario';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_CATALOG_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  log(`catalogo: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'catalogo', CONNECTIONS);
  const { handle } = fresh;
  let instance: Instance | undefined;
  try {
    const { userId: ownerId, cookie } = await fresh.signUp('catalogo@bench.test');
    const clinica = await createClinic(
      handle.db,
      { id: ownerId, email: 'catalogo@bench.test', nombres: 'Titular' },
      {
        nombre: 'Clínica Bench Catálogo',
        telefono: '600123456',
        pais: 'Colombia',
        ciudad: 'Bogotá',
        direccion: 'Calle 100 # 15-20',
      },
    );

    log(`  ${ITEMS.toLocaleString('en-US')} ítems (generate_series)...`);
    await bulkItems(handle.pool!, clinica.id);

    log('  la API en su proceso...');
    const server = await startInstance(fresh.env);
    instance = server;
    const listUrl = `${server.baseUrl}/api/productos?categoria=insumo&q=${encodeURIComponent(TERM)}`;
    const check = await fetch(listUrl, { headers: { cookie } });
    if (!check.ok) throw new Error(`${listUrl}: ${check.status} ${await check.text()}`);
    const page = (await check.json()) as { total: number; totalClinica: number; items: unknown[] };
    if (page.totalClinica !== ITEMS || page.total === 0)
      throw new Error(`totales inesperados: ${JSON.stringify({ total: page.total, totalClinica: page.totalClinica })}`);

    const scenarios = [
      { name: `lista, pestaña Insumos + búsqueda '${TERM}'`, url: listUrl, budget: { max: BUDGET_LIST_P99_MS } },
      { name: 'lista, pestaña Insumos', url: `${server.baseUrl}/api/productos?categoria=insumo`, budget: undefined },
      { name: 'lista, Todos, primera página', url: `${server.baseUrl}/api/productos`, budget: undefined },
      // A request with no session and one trivial query: what the machine gives at the moment; read the rows above against it.
      { name: 'referencia: GET /api/health', url: `${server.baseUrl}/api/health`, budget: undefined },
    ];
    // A fresh process compiles its code and opens its pool on the first requests: one pass over every
    // route first, discarded, so that the first row measured is not the one that paid for it.
    for (const s of scenarios)
      await measure({
        url: s.url,
        headers: { cookie },
        connections: CONNECTIONS,
        warmupSeconds: 0,
        seconds: warmupSeconds,
      });
    for (const s of scenarios) {
      const r = await measure({ url: s.url, headers: { cookie }, connections: CONNECTIONS, warmupSeconds, seconds });
      log(
        `  ${s.name.padEnd(46)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
      );
      if (r.errors || r.non2xx) throw new Error(`${s.name}: ${r.errors} errores y ${r.non2xx} respuestas no 2xx`);
      measurements.push(
        { group, name: s.name, metric: 'req/s', value: r.reqPerSec, unit: 'req/s' },
        { group, name: s.name, metric: 'p50', value: r.p50, unit: 'ms' },
        { group, name: s.name, metric: 'p99', value: r.p99, unit: 'ms', budget: s.budget },
      );
    }
    notes.push(
      `Catálogo: ${ITEMS.toLocaleString('en-US')} ítems en una clínica; '${TERM}' en Insumos da ${page.total} de ${page.totalClinica}; ${CONNECTIONS} conexiones, ${warmupSeconds} s de calentamiento descartados, ${seconds} s medidos por fila; carga de la máquina ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} núcleos).`,
    );

    log(`  ${ADJUSTMENTS} ajustes de -1 a la vez sobre un ítem con stock ${START_STOCK}...`);
    const [item] = await handle.db
      .insert(productos)
      .values({
        tipoImpuesto: 'ES_IVA_21',
        clinicaId: clinica.id,
        nombre: 'Anestesia (concurrencia)',
        categoria: 'insumo',
        stockActual: START_STOCK,
        stockMinimo: 2,
      })
      .returning({ id: productos.id });
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: ADJUSTMENTS }, () =>
        handle.db.transaction((tx) =>
          adjustStock(tx, {
            clinicaId: clinica.id,
            productoId: item.id,
            cantidad: -1,
            motivo: 'consumo',
            autorId: ownerId,
          }),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    const { rows } = await handle.pool!.query(
      `select p.stock_actual as stock,
              (select count(*)::int from movimientos_stock where producto_id = p.id) as movimientos,
              (select coalesce(sum(cantidad), 0)::int from movimientos_stock where producto_id = p.id) as suma,
              (select coalesce(min(stock_resultante), 0)::int from movimientos_stock where producto_id = p.id) as minimo
       from productos p where p.id = $1`,
      [item.id],
    );
    const final = rows[0] as { stock: number; movimientos: number; suma: number; minimo: number };
    const accepted = results.filter((r) => r.status === 'ok').length;
    const refused = results.filter((r) => r.status === 'insuficiente').length;
    const name = `${ADJUSTMENTS} ajustes de -1 concurrentes (stock ${START_STOCK})`;
    measurements.push(
      { group, name, metric: 'stock final', value: final.stock, unit: '', budget: { min: 0, max: 0 } },
      {
        group,
        name,
        metric: 'rechazados',
        value: refused,
        unit: '',
        budget: { min: ADJUSTMENTS - START_STOCK, max: ADJUSTMENTS - START_STOCK },
      },
      { group, name, metric: 'aceptados', value: accepted, unit: '', budget: { min: START_STOCK, max: START_STOCK } },
      { group, name, metric: 'stock mínimo dejado', value: final.minimo, unit: '', budget: { min: 0 } },
      {
        group,
        name,
        metric: 'suma de movimientos',
        value: final.suma,
        unit: '',
        budget: { min: -START_STOCK, max: -START_STOCK },
      },
      { group, name, metric: 'tiempo total', value: elapsed, unit: 'ms' },
    );
    notes.push(
      `Concurrencia: ${accepted} aceptados, ${refused} rechazados, ${final.movimientos} movimientos que suman ${final.suma}, stock final ${final.stock}, en ${elapsed.toFixed(0)} ms.`,
    );
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const catalogSection: Section = { name: 'catalogo', run: runCatalogBench };
