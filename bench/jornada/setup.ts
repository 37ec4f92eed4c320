/**
 * The `jornada` section's data set, on a database made anew (bench/lib/fresh-app.ts): 20 clinics of
 * 3 members (the owner and two administrators, each signed up through the app), 5 dentists, 1,000
 * patients, a month either side of today of appointments, 300 catalogue items with stock (each
 * stock recorded by its movement, as the app does), 20 notifications per member; and a supplier whose
 * 500 items the store sells. Set-based SQL; the members are made one by one (password hashing).
 */
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { clinicas, rolesClinica, usuarios, usuariosRol } from '../../apps/api/src/db/schema/index.ts';
import { createClinic } from '../../apps/api/src/features/clinic/clinic.service.ts';
import type { FreshApp } from '../lib/fresh-app.ts';

export const DAY_SET = {
  clinics: 20,
  membersPerClinic: 3,
  dentistsPerClinic: 5,
  patientsPerClinic: 1_000,
  itemsPerClinic: 300,
  itemStock: 100,
  supplierItems: 500,
  /** The store's stock never runs out during a run: every checkout is expected to succeed. */
  supplierStock: 10_000_000,
  notificationsPerMember: 20,
  /** Days before and after today holding appointments (6 a day per dentist). */
  agendaDays: 30,
} as const;

export type DayMember = { userId: string; cookie: string; clinic: number };
export type DayClinic = {
  id: string;
  dentists: string[];
  patients: string[];
  items: DayItem[];
};
/** What the item form sends back (PUT /api/productos/:id), stock included. */
export type DayItem = {
  id: string;
  nombre: string;
  categoria: 'producto' | 'insumo';
  codigo: string;
  precioCompra: number;
  precioVenta: number;
  stockActual: number;
  stockMinimo: number;
  unidadMedida: string;
};
export type DayData = { clinics: DayClinic[]; members: DayMember[]; storeProducts: string[] };

const NAMES = ['María', 'José', 'Lucía', 'Antonio', 'Carmen', 'Manuel', 'Ana', 'Javier', 'Laura', 'Andrés'];
const SURNAMES = ['García', 'Rodríguez', 'Martínez', 'López', 'Gómez', 'Pérez', 'Sánchez', 'Ramírez', 'Torres'];
export const PATIENT_TERMS = ['garcía', 'lucía', 'martínez', 'ana', 'pérez', 'torres'];
const ITEM_BASES = [
  'Guantes de nitrilo',
  'Resina compuesta',
  'Anestesia lidocaína',
  'Eyectores de saliva',
  'Baberos desechables',
  'Limas endodónticas',
  'Ácido grabador',
  'Adhesivo universal',
  'Gasas estériles',
  'Fresas de diamante',
];
export const ITEM_TERMS = ['guantes', 'resina', 'gasas', 'fresas', 'adhesivo'];

export async function createDayData(fresh: FreshApp, log: (line: string) => void): Promise<DayData> {
  const { handle } = fresh;
  const pool = handle.pool as pg.Pool;
  const d = DAY_SET;
  let accounts = 0;
  const signUp = () => fresh.signUp(`jornada${++accounts}@bench.test`);
  const place = { telefono: '600123456', pais: 'Colombia', ciudad: 'Bogotá', direccion: 'Calle 100 # 15-20' };

  log(`  ${d.clinics} clínicas de ${d.membersPerClinic} miembros y un proveedor...`);
  const supplierOwner = await signUp();
  const supplier = await createClinic(
    handle.db,
    { id: supplierOwner.userId, email: `${supplierOwner.userId}@bench.test`, nombres: 'Proveedor' },
    { nombre: 'Depósito Jornada', ...place },
  );
  await handle.db.update(clinicas).set({ esProveedor: true }).where(eq(clinicas.id, supplier.id));

  const members: DayMember[] = [];
  const clinicIds: string[] = [];
  for (let c = 0; c < d.clinics; c++) {
    const owner = await signUp();
    const clinica = await createClinic(
      handle.db,
      { id: owner.userId, email: `${owner.userId}@bench.test`, nombres: `Titular ${c + 1}` },
      { nombre: `Clínica Jornada ${c + 1}`, ...place },
    );
    clinicIds.push(clinica.id);
    members.push({ ...owner, clinic: c });
    const [adminRole] = await handle.db
      .select({ id: rolesClinica.id })
      .from(rolesClinica)
      .where(sql`${rolesClinica.clinicaId} = ${clinica.id} and ${rolesClinica.nombre} = 'Administrador'`);
    for (let m = 1; m < d.membersPerClinic; m++) {
      const member = await signUp();
      await handle.db.insert(usuarios).values({
        id: member.userId,
        clinicaId: clinica.id,
        nombres: `Miembro ${m} de la clínica ${c + 1}`,
        email: `${member.userId}@bench.test`,
        rol: 'admin',
      });
      await handle.db.insert(usuariosRol).values({ usuarioId: member.userId, rolId: adminRole.id });
      members.push({ ...member, clinic: c });
    }
  }

  log('  dentistas, pacientes, citas, catálogo, notificaciones y la tienda (generate_series)...');
  await pool.query(
    `insert into dentistas (clinica_id, nombres, apellidos, especialidad, color)
     select c, 'Dentista ' || g, 'Jornada', 'odontologia-general', (array['#1d4ed8','#047857','#b91c1c','#7e22ce','#b45309'])[g]
     from unnest($1::uuid[]) c, generate_series(1, $2::int) g`,
    [clinicIds, d.dentistsPerClinic],
  );
  await pool.query(
    `insert into pacientes (clinica_id, nombres, apellidos, telefono, email)
     select c, ($3::text[])[1 + g % array_length($3::text[], 1)],
            ($4::text[])[1 + g % array_length($4::text[], 1)] || ' ' || ($4::text[])[1 + (g / 7) % array_length($4::text[], 1)] || ' ' || g,
            '+57 3' || lpad((g * 7919 % 1000000000)::text, 9, '0'), 'paciente' || g || '@jornada.bench.test'
     from unnest($1::uuid[]) c, generate_series(1, $2::int) g`,
    [clinicIds, d.patientsPerClinic, NAMES, SURNAMES],
  );
  // Six 45-minute appointments a day per dentist, an hour apart (none overlap), from agendaDays ago
  // to agendaDays ahead, in the clinic's own zone; past ones completed (a tenth cancelled).
  await pool.query(
    `with den as (
       select d.id, d.clinica_id, c.zona_horaria as zona from dentistas d join clinicas c on c.id = d.clinica_id
       where d.clinica_id = any($1::uuid[])
     ), pac as (
       select clinica_id, array_agg(id order by id) as ids from pacientes where clinica_id = any($1::uuid[]) group by clinica_id
     ), slot as (
       select den.id as dentista_id, den.clinica_id, day, h,
              ((now() at time zone den.zona)::date + day + make_interval(hours => 8 + h)) at time zone den.zona as inicio
       from den cross join generate_series(-$2::int, $2::int) day cross join generate_series(1, 6) h
     )
     insert into citas (clinica_id, paciente_id, dentista_id, inicio, fin, titulo, estado)
     select slot.clinica_id, pac.ids[1 + abs(hashtext(slot.dentista_id::text || slot.day || slot.h)) % array_length(pac.ids, 1)],
            slot.dentista_id, slot.inicio, slot.inicio + interval '45 minutes',
            (array['Limpieza','Revisión','Empaste','Endodoncia','Ortodoncia','Extracción'])[slot.h],
            case when slot.inicio < now() then (case when (slot.day + slot.h) % 10 = 0 then 'cancelada' else 'completada' end)
                 else (case when slot.h % 2 = 0 then 'confirmada' else 'pendiente' end) end
     from slot join pac on pac.clinica_id = slot.clinica_id`,
    [clinicIds, d.agendaDays],
  );
  const insertItems = (clinics: string[], perClinic: number, stock: number) =>
    pool.query(
      `insert into productos (clinica_id, nombre, descripcion, categoria, codigo, precio_compra, precio_venta, stock_actual, stock_minimo, unidad_medida, tipo_impuesto)
       select c, ($4::text[])[1 + g % array_length($4::text[], 1)] || ' ' || g,
              'Presentación ' || g || ', uso clínico', (array['producto', 'insumo'])[1 + g % 2],
              'JR-' || lpad(g::text, 5, '0'), 1000 * (1 + g % 300), 1500 * (1 + g % 400), $3::int, 10,
              (array['unidad', 'caja', 'kg'])[1 + g % 3], 'CO_IVA_19'
       from unnest($1::uuid[]) c, generate_series(1, $2::int) g`,
      [clinics, perClinic, stock, ITEM_BASES],
    );
  await insertItems(clinicIds, d.itemsPerClinic, d.itemStock);
  await insertItems([supplier.id], d.supplierItems, d.supplierStock);
  // Each stock the items start with is its first movement, as createItem records it.
  await pool.query(
    `insert into movimientos_stock (producto_id, clinica_id, cantidad, motivo, stock_resultante)
     select id, clinica_id, stock_actual, 'ajuste', stock_actual from productos where stock_actual > 0`,
  );
  await pool.query(
    `insert into notificaciones (user_id, clinica_id, titulo, mensaje, tipo, prioridad, leida, fecha_creacion)
     select u.id, u.clinica_id, 'Aviso ' || g, 'Recordatorio de la jornada número ' || g, 'info', 'media', g % 3 = 0,
            now() - make_interval(hours => g)
     from usuarios u cross join generate_series(1, $2::int) g where u.clinica_id = any($1::uuid[])`,
    [clinicIds, d.notificationsPerMember],
  );
  await pool.query('vacuum analyze');

  const byClinic = async <T>(query: string): Promise<Map<string, T[]>> => {
    const map = new Map<string, T[]>();
    for (const row of (await pool.query<{ clinica_id: string; v: T }>(query, [clinicIds])).rows) {
      if (!map.has(row.clinica_id)) map.set(row.clinica_id, []);
      map.get(row.clinica_id)!.push(row.v);
    }
    return map;
  };
  const dentists = await byClinic<string>(
    'select clinica_id, id as v from dentistas where clinica_id = any($1::uuid[]) order by id',
  );
  const patients = await byClinic<string>(
    'select clinica_id, id as v from pacientes where clinica_id = any($1::uuid[]) order by id',
  );
  const items = await byClinic<DayItem>(
    `select clinica_id, json_build_object('id', id, 'nombre', nombre, 'categoria', categoria, 'codigo', codigo,
       'precioCompra', precio_compra, 'precioVenta', precio_venta, 'stockActual', stock_actual,
       'stockMinimo', stock_minimo, 'unidadMedida', unidad_medida) as v
     from productos where clinica_id = any($1::uuid[]) order by id`,
  );
  const storeProducts = (
    await pool.query<{ id: string }>('select id from productos where clinica_id = $1 order by id', [supplier.id])
  ).rows.map((r) => r.id);
  return {
    clinics: clinicIds.map((id) => ({
      id,
      dentists: dentists.get(id)!,
      patients: patients.get(id)!,
      items: items.get(id)!,
    })),
    members,
    storeProducts,
  };
}
