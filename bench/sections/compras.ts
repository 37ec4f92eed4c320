/**
 * `npm run bench -- compras` (issue 14): the store on PostgreSQL, against a real server process.
 * - the store page with a search, 10 connections: p99 <= 20 ms;
 * - checkout of a 5-line cart, 10 buyers at once: >= 200 orders/s, p99 <= 50 ms;
 * - 50 concurrent checkouts of 1 unit of an item with stock 10: exactly 10 orders, 40 refused, stock 0;
 * - durability: the server is killed (-9) during a checkout loop, 10 times; afterwards every
 *   acknowledged order exists with all its lines, and for every item initial stock − sold = stock.
 *
 * Its own database (dropped and created each run): `odontia_bench_compras` on the server of
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), or BENCH_COMPRAS_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { clinicas, rolesClinica, usuarios, usuariosRol } from '../../apps/api/src/db/schema/index.ts';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import { benchDatabaseUrl, isPostgresReachable } from '../lib/database.ts';
import { openFreshApp } from '../lib/fresh-app.ts';
import { keepAliveClient, measure, percentile } from '../lib/http-load.ts';
import { startInstance, stopInstance, type Instance } from '../lib/instance.ts';
import type { Measurement, Section, SectionResult } from '../lib/report.ts';

const CONNECTIONS = 10;
const STORE_ITEMS = Number(process.env.BENCH_COMPRAS_ITEMS ?? 2000);
/** Items the checkouts buy from (5 distinct per cart). */
const HOT_ITEMS = 200;
const HOT_STOCK = 1_000_000;
const LINES = 5;
const RACERS = 50;
const RACE_STOCK = 10;
const KILLS = 10;
const BUDGET_STORE_P99_MS = 20;
const BUDGET_CHECKOUT_P99_MS = 50;
const BUDGET_ORDERS_PER_SECOND = 200;
const TERM = 'guantes';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

const SHIPPING = {
  nombreCompleto: 'Compras Bench',
  telefono: '300 123 4567',
  direccion: 'Calle 100 # 15-20',
  ciudad: 'Bogotá',
  departamento: 'Cundinamarca',
};

function databaseUrl(): string {
  if (process.env.BENCH_COMPRAS_DATABASE_URL) return process.env.BENCH_COMPRAS_DATABASE_URL;
  const u = new URL(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || benchDatabaseUrl());
  u.pathname = '/odontia_bench_compras';
  return u.toString();
}

/** kill -9: no shutdown hook runs, open transactions are cut mid-way. */
async function killInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGKILL');
  await exited;
}

type Buyer = { userId: string; cookie: string };
type Ack = { id: string; lines: Map<string, number> };

async function runComprasBench(log: (line: string) => void): Promise<SectionResult> {
  const url = databaseUrl();
  const title = 'Tienda y pedidos';
  if (!(await isPostgresReachable(url))) {
    return {
      title,
      measurements: [],
      notes: [`PostgreSQL no disponible en ${new URL(url).host}: sección omitida (BENCH_COMPRAS_DATABASE_URL).`],
    };
  }
  const group = `PostgreSQL, ${CONNECTIONS} conexiones`;
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  log(`compras: base de datos nueva ${new URL(url).pathname.slice(1)}`);
  const fresh = await openFreshApp(url, 'compras', CONNECTIONS);
  const { handle } = fresh;
  const pool = handle.pool as pg.Pool;
  let instance: Instance | undefined;
  try {
    let accounts = 0;
    const signUp = (): Promise<Buyer> => fresh.signUp(`compras${++accounts}@bench.test`);
    const ownClinic = async (owner: Buyer, nombre: string) =>
      createClinic(
        handle.db,
        { id: owner.userId, email: `${owner.userId}@bench.test`, nombres: 'Titular' },
        {
          nombre,
          telefono: '600123456',
          pais: 'Colombia',
          ciudad: 'Bogotá',
          direccion: 'Calle 100 # 15-20',
        },
      );

    log('  proveedor, clínica compradora y 60 compradores...');
    const supplierOwner = await signUp();
    const supplier = await ownClinic(supplierOwner, 'Depósito Bench');
    await handle.db.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, supplier.id));
    const buyerOwner = await signUp();
    const buyerClinic = await ownClinic(buyerOwner, 'Clínica Bench Compras');
    const [adminRole] = await handle.db
      .select({ id: rolesClinica.id })
      .from(rolesClinica)
      .where(sql`${rolesClinica.clinicaId} = ${buyerClinic.id} and ${rolesClinica.nombre} = 'Administrador'`);
    const buyers: Buyer[] = [];
    for (let i = 0; i < CONNECTIONS + RACERS; i++) {
      const b = await signUp();
      await handle.db.insert(usuarios).values({
        id: b.userId,
        clinicaId: buyerClinic.id,
        nombres: `Comprador ${i + 1}`,
        email: `${b.userId}@bench.test`,
        rol: 'admin',
      });
      await handle.db.insert(usuariosRol).values({ usuarioId: b.userId, rolId: adminRole.id });
      buyers.push(b);
    }

    log(`  ${STORE_ITEMS.toLocaleString('en-US')} artículos del proveedor (generate_series)...`);
    await pool.query(
      `insert into productos (clinica_id, nombre, descripcion, categoria, codigo, precio_compra, precio_venta, stock_actual, stock_minimo, unidad_medida, tipo_impuesto)
       select $1::uuid,
              b.base || ' ' || g,
              case when g % 3 = 0 then null else 'Presentación ' || g || ' de ' || lower(b.base) || ', uso clínico' end,
              (array['producto', 'insumo'])[1 + g % 2],
              'DB-' || lpad(g::text, 5, '0'),
              1000 * (1 + g % 300),
              1500 * (1 + g % 400),
              case when g <= $3 then $4 else 50 + g % 200 end,
              5,
              (array['unidad', 'caja', 'kg'])[1 + g % 3],
              'CO_IVA_19'
       from generate_series(1, $2::int) g
       cross join lateral (select (array['Guantes de nitrilo', 'Resina compuesta', 'Anestesia lidocaína', 'Eyectores de saliva', 'Baberos desechables',
         'Limas endodónticas', 'Ácido grabador', 'Adhesivo universal', 'Ionómero de vidrio', 'Algodón en rollos', 'Gasas estériles', 'Fresas de diamante',
         'Alginato', 'Hipoclorito de sodio', 'Tapabocas', 'Gorros desechables', 'Agujas dentales', 'Conos de gutapercha', 'Sutura seda', 'Pasta profiláctica'])[1 + g % 20] as base) b`,
      [supplier.id, STORE_ITEMS, HOT_ITEMS, HOT_STOCK],
    );
    await pool.query('vacuum analyze productos');
    const hot = (
      await pool.query<{ id: string }>(
        `select id from productos where clinica_id = $1 and stock_actual = $2 order by id`,
        [supplier.id, HOT_STOCK],
      )
    ).rows.map((r) => r.id);

    /** Replaces the buyer's cart with these items (what the store's 'Agregar' would have built). */
    const fillCart = async (buyer: Buyer, items: string[], cantidad = 1) => {
      await pool.query('delete from carrito where user_id = $1', [buyer.userId]);
      await pool.query(
        `insert into carrito (user_id, clinica_id, producto_id, cantidad, precio_unitario)
         select $1, $2, p.id, $4, p.precio_venta from productos p where p.id = any($3::uuid[])`,
        [buyer.userId, buyerClinic.id, items, cantidad],
      );
    };
    const pickItems = () => {
      const chosen = new Set<string>();
      while (chosen.size < LINES) chosen.add(hot[Math.floor(Math.random() * hot.length)]);
      return [...chosen];
    };
    // Enough sockets for the race's buyers all at once; the loops use one per buyer.
    const client = keepAliveClient(RACERS);
    const checkout = (baseUrl: string, buyer: Buyer) =>
      client.send(`${baseUrl}/api/pedidos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie: buyer.cookie },
        body: JSON.stringify({ ...SHIPPING, claveIdempotencia: randomUUID() }),
      });

    log('  la API en su proceso...');
    const env = fresh.env;
    let server = await startInstance(env);
    instance = server;

    // 1. The store page with a search.
    const storeUrl = `${server.baseUrl}/api/tienda/productos?q=${TERM}`;
    const probe = await fetch(storeUrl, { headers: { cookie: buyers[0].cookie } });
    if (!probe.ok) throw new Error(`${storeUrl}: ${probe.status} ${await probe.text()}`);
    const found = ((await probe.json()) as { total: number }).total;
    for (const s of [
      { name: `tienda, búsqueda '${TERM}'`, url: storeUrl, budget: { max: BUDGET_STORE_P99_MS } },
      {
        name: 'tienda, Insumos, primera página',
        url: `${server.baseUrl}/api/tienda/productos?categoria=insumo`,
        budget: undefined,
      },
      // No session, one trivial query: what the machine gives at the moment; read the rows above against it.
      { name: 'referencia: GET /api/health', url: `${server.baseUrl}/api/health`, budget: undefined },
    ]) {
      const r = await measure({
        url: s.url,
        headers: { cookie: buyers[0].cookie },
        connections: CONNECTIONS,
        warmupSeconds,
        seconds,
      });
      log(
        `  ${s.name.padEnd(40)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
      );
      if (r.errors || r.non2xx) throw new Error(`${s.name}: ${r.errors} errores y ${r.non2xx} respuestas no 2xx`);
      measurements.push(
        { group, name: s.name, metric: 'req/s', value: r.reqPerSec, unit: 'req/s' },
        { group, name: s.name, metric: 'p99', value: r.p99, unit: 'ms', budget: s.budget },
      );
    }

    // 2. Checkout throughput: each of 10 buyers fills its cart (one INSERT) and confirms, in a loop.
    log(`  pedidos de ${LINES} líneas, ${CONNECTIONS} compradores a la vez...`);
    const loop = async (ms: number, record: boolean) => {
      const latencies: number[] = [];
      let failures = 0;
      const until = performance.now() + ms;
      const started = performance.now();
      await Promise.all(
        buyers.slice(0, CONNECTIONS).map(async (buyer) => {
          while (performance.now() < until) {
            await fillCart(buyer, pickItems());
            const t0 = performance.now();
            const res = await checkout(server.baseUrl, buyer);
            if (res.status === 201) latencies.push(performance.now() - t0);
            else if (++failures === 1) log(`  checkout ${res.status}: ${res.body.slice(0, 200)}`);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      return record ? { latencies: latencies.sort((a, b) => a - b), failures, elapsed } : null;
    };
    await loop(warmupSeconds * 1000, false);
    const run = (await loop(seconds * 1000, true))!;
    if (run.failures) throw new Error(`checkout: ${run.failures} respuestas distintas de 201`);
    const perSecond = run.latencies.length / run.elapsed;
    const name = `checkout, carrito de ${LINES} líneas`;
    log(
      `  ${name.padEnd(40)} ${perSecond.toFixed(0).padStart(6)} pedidos/s  p50 ${percentile(run.latencies, 50).toFixed(2)} ms  p99 ${percentile(run.latencies, 99).toFixed(2)} ms`,
    );
    measurements.push(
      { group, name, metric: 'pedidos/s', value: perSecond, unit: '/s', budget: { min: BUDGET_ORDERS_PER_SECOND } },
      { group, name, metric: 'p50', value: percentile(run.latencies, 50), unit: 'ms' },
      {
        group,
        name,
        metric: 'p99',
        value: percentile(run.latencies, 99),
        unit: 'ms',
        budget: { max: BUDGET_CHECKOUT_P99_MS },
      },
    );
    notes.push(
      `Tienda: ${STORE_ITEMS.toLocaleString('en-US')} artículos de un proveedor, '${TERM}' da ${found}. Checkout: ${run.latencies.length} pedidos en ${run.elapsed.toFixed(1)} s (pedidos/s cuenta también el INSERT que llena cada carrito), ${warmupSeconds} s de calentamiento descartados; carga de la máquina ${os.loadavg()[0].toFixed(1)} (${os.cpus().length} núcleos).`,
    );

    // 3. 50 buyers of the last unit(s): exactly the stock is sold.
    log(`  ${RACERS} compras a la vez de 1 unidad con stock ${RACE_STOCK}...`);
    const [{ id: scarce }] = (
      await pool.query<{ id: string }>(
        `insert into productos (clinica_id, nombre, categoria, precio_venta, stock_actual, tipo_impuesto) values ($1, 'Lámpara de fotocurado (concurrencia)', 'producto', 690000, $2, 'CO_IVA_19') returning id`,
        [supplier.id, RACE_STOCK],
      )
    ).rows;
    const racers = buyers.slice(CONNECTIONS, CONNECTIONS + RACERS);
    for (const r of racers) await fillCart(r, [scarce]);
    const statuses = await Promise.all(racers.map(async (r) => (await checkout(server.baseUrl, r)).status));
    const { rows: raceRows } = await pool.query<{ stock: number; pedidos: number }>(
      `select p.stock_actual as stock, (select count(distinct d.pedido_id)::int from detalles_pedido d where d.producto_id = p.id) as pedidos from productos p where p.id = $1`,
      [scarce],
    );
    const raceName = `${RACERS} checkouts concurrentes de 1 unidad (stock ${RACE_STOCK})`;
    const created = statuses.filter((s) => s === 201).length;
    const refused = statuses.filter((s) => s === 409).length;
    measurements.push(
      {
        group,
        name: raceName,
        metric: 'pedidos',
        value: raceRows[0].pedidos,
        unit: '',
        budget: { min: RACE_STOCK, max: RACE_STOCK },
      },
      { group, name: raceName, metric: '201', value: created, unit: '', budget: { min: RACE_STOCK, max: RACE_STOCK } },
      {
        group,
        name: raceName,
        metric: '409',
        value: refused,
        unit: '',
        budget: { min: RACERS - RACE_STOCK, max: RACERS - RACE_STOCK },
      },
      { group, name: raceName, metric: 'stock final', value: raceRows[0].stock, unit: '', budget: { min: 0, max: 0 } },
    );
    notes.push(
      `Concurrencia: ${created} pedidos creados, ${refused} rechazados (409), ${raceRows[0].pedidos} pedidos en la base, stock final ${raceRows[0].stock}.`,
    );

    // 4. Durability: kill -9 during a checkout loop, 10 times.
    log(`  durabilidad: kill -9 durante el checkout, ${KILLS} veces...`);
    const acked: Ack[] = [];
    let attempts = 0;
    for (let round = 0; round < KILLS; round++) {
      if (round > 0) {
        server = await startInstance(env);
        instance = server;
      }
      let stop = false;
      const workers = buyers.slice(0, CONNECTIONS).map(async (buyer) => {
        while (!stop) {
          await fillCart(buyer, pickItems());
          attempts++;
          try {
            const res = await checkout(server.baseUrl, buyer);
            if (res.status !== 201) throw new Error(`checkout: ${res.status}`);
            const order = JSON.parse(res.body) as { id: string; lineas: { productoId: string; cantidad: number }[] };
            acked.push({ id: order.id, lines: new Map(order.lineas.map((l) => [l.productoId, l.cantidad])) });
          } catch {
            // The server died under this request: not acknowledged, whatever happened to it.
            if (stop) return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      });
      // Long enough for a few orders on a loaded machine, cut at a random moment.
      await new Promise((resolve) => setTimeout(resolve, 1500 + Math.random() * 1500));
      await killInstance(server);
      stop = true;
      await Promise.all(workers);
    }
    instance = undefined;
    const stored = new Map<string, Map<string, number>>();
    for (const row of (
      await pool.query<{ pedido_id: string; producto_id: string; cantidad: number }>(
        `select d.pedido_id, d.producto_id, d.cantidad from detalles_pedido d where d.pedido_id = any($1::uuid[])`,
        [acked.map((a) => a.id)],
      )
    ).rows) {
      if (!stored.has(row.pedido_id)) stored.set(row.pedido_id, new Map());
      stored.get(row.pedido_id)!.set(row.producto_id, row.cantidad);
    }
    const missing = acked.filter((a) => !stored.has(a.id)).length;
    const incomplete = acked.filter((a) => {
      const lines = stored.get(a.id);
      return lines && (lines.size !== a.lines.size || [...a.lines].some(([p, n]) => lines.get(p) !== n));
    }).length;
    const { rows: balance } = await pool.query<{ id: string; stock: number; vendido: number; movimientos: number }>(
      `select p.id, p.stock_actual as stock,
              coalesce((select sum(d.cantidad) from detalles_pedido d join pedidos o on o.id = d.pedido_id where d.producto_id = p.id and o.estado <> 'cancelado'), 0)::int as vendido,
              coalesce((select sum(m.cantidad) from movimientos_stock m where m.producto_id = p.id), 0)::int as movimientos
       from productos p where p.id = any($1::uuid[])`,
      [hot],
    );
    // Every hot item started at HOT_STOCK before the first checkout of this section; every order since sold from it.
    const mismatched = balance.filter((b) => HOT_STOCK - b.vendido !== b.stock || b.movimientos !== -b.vendido);
    const totals = await pool.query<{ pedidos: number; lineas: number }>(
      `select (select count(*)::int from pedidos) as pedidos, (select count(*)::int from detalles_pedido) as lineas`,
    );
    const durName = `kill -9 del servidor durante el checkout (${KILLS} veces)`;
    measurements.push(
      { group, name: durName, metric: 'pedidos confirmados', value: acked.length, unit: '', budget: { min: 1 } },
      { group, name: durName, metric: 'confirmados que faltan', value: missing, unit: '', budget: { max: 0 } },
      {
        group,
        name: durName,
        metric: 'confirmados con líneas distintas',
        value: incomplete,
        unit: '',
        budget: { max: 0 },
      },
      {
        group,
        name: durName,
        metric: 'artículos con stock ≠ inicial − vendido',
        value: mismatched.length,
        unit: '',
        budget: { max: 0 },
      },
    );
    const sample = balance
      .filter((b) => b.vendido > 0)
      .slice(0, 3)
      .map((b) => `${HOT_STOCK} − ${b.vendido} = ${HOT_STOCK - b.vendido} (stock ${b.stock})`);
    notes.push(
      `Durabilidad: ${attempts} intentos, ${acked.length} pedidos confirmados al cliente, ${missing} de ellos faltan, ${incomplete} con líneas distintas; en la base ${totals.rows[0].pedidos} pedidos y ${totals.rows[0].lineas} líneas. ` +
        `Para los ${balance.length} artículos comprados (stock inicial ${HOT_STOCK.toLocaleString('en-US')}): inicial − vendido = stock actual y = suma de movimientos en ${balance.length - mismatched.length}, distinto en ${mismatched.length} (p. ej. ${sample.join('; ')}).`,
    );
    client.close();
    return { title, measurements, notes };
  } finally {
    if (instance) await stopInstance(instance);
    await fresh.close();
  }
}

export const comprasSection: Section = { name: 'compras', run: runComprasBench };
