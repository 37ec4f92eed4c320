import {
  DENTIST_COLOR_VALUES,
  DENTIST_MESSAGES,
  type Dentist,
  type DentistData,
  type DentistMember,
  type SpecialtyId,
  type UpdateDentistData,
} from '@odontia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dentistas, usuarios } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';

export const dentistNotFound = () => notFound(DENTIST_MESSAGES.notFound);

const columns = {
  id: dentistas.id,
  nombres: dentistas.nombres,
  apellidos: dentistas.apellidos,
  especialidad: sql<SpecialtyId>`${dentistas.especialidad}`,
  color: dentistas.color,
  activo: dentistas.activo,
  usuarioId: dentistas.usuarioId,
  usuarioNombre: usuarios.nombres,
};

const select = (db: Executor) =>
  db.select(columns).from(dentistas).leftJoin(usuarios, eq(usuarios.id, dentistas.usuarioId));

/** The clinic's dentists by name; `activos` leaves only those offered for new appointments. */
export async function listDentists(
  db: Executor,
  clinicaId: string,
  { activos }: { activos: boolean },
): Promise<Dentist[]> {
  return select(db)
    .where(and(eq(dentistas.clinicaId, clinicaId), activos ? eq(dentistas.activo, true) : undefined))
    .orderBy(asc(dentistas.nombres), asc(dentistas.apellidos), asc(dentistas.id));
}

export async function getDentist(db: Executor, clinicaId: string, id: string): Promise<Dentist | undefined> {
  const [row] = await select(db).where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.id, id)));
  return row;
}

/** The clinic's members with rol dentista: those a dentist may be linked to (checkMember's rule). */
export async function listDentistMembers(db: Executor, clinicaId: string): Promise<DentistMember[]> {
  return db
    .select({ id: usuarios.id, nombres: usuarios.nombres, email: usuarios.email })
    .from(usuarios)
    .where(and(eq(usuarios.clinicaId, clinicaId), eq(usuarios.rol, 'dentista')))
    .orderBy(asc(usuarios.nombres), asc(usuarios.id));
}

/** The linked member must have rol dentista in the same clinic; an unknown or foreign id is refused alike. */
async function checkMember(db: Executor, clinicaId: string, usuarioId: string | null) {
  if (!usuarioId) return;
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.id, usuarioId), eq(usuarios.clinicaId, clinicaId), eq(usuarios.rol, 'dentista')));
  if (!row) {
    throw unprocessable(DENTIST_MESSAGES.usuarioInvalid, 'usuarioId');
  }
}

/** The first palette colour no active dentist of the clinic uses; with all taken, the palette repeats. */
async function freeColor(db: Executor, clinicaId: string): Promise<string> {
  const used = await db
    .select({ color: dentistas.color })
    .from(dentistas)
    .where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.activo, true)));
  const taken = new Set(used.map((r) => r.color));
  return (
    DENTIST_COLOR_VALUES.find((c) => !taken.has(c)) ?? DENTIST_COLOR_VALUES[used.length % DENTIST_COLOR_VALUES.length]
  );
}

export async function createDentist(db: Executor, clinicaId: string, data: DentistData): Promise<Dentist> {
  await checkMember(db, clinicaId, data.usuarioId);
  const color = data.color ?? (await freeColor(db, clinicaId));
  const [row] = await db
    .insert(dentistas)
    .values({
      clinicaId,
      nombres: data.nombres,
      apellidos: data.apellidos,
      especialidad: data.especialidad,
      color,
      usuarioId: data.usuarioId,
    })
    .returning({ id: dentistas.id });
  return (await getDentist(db, clinicaId, row.id))!;
}

export async function updateDentist(
  db: Executor,
  clinicaId: string,
  id: string,
  data: UpdateDentistData,
): Promise<Dentist> {
  await checkMember(db, clinicaId, data.usuarioId);
  const current = await getDentist(db, clinicaId, id);
  if (!current) throw dentistNotFound();
  await db
    .update(dentistas)
    .set({
      nombres: data.nombres,
      apellidos: data.apellidos,
      especialidad: data.especialidad,
      color: data.color ?? current.color,
      activo: data.activo,
      usuarioId: data.usuarioId,
      fechaActualizacion: new Date(),
    })
    .where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.id, id)));
  return (await getDentist(db, clinicaId, id))!;
}

/** Dentists are deactivated, never deleted: their past appointments keep their name and colour. */
export async function deactivateDentist(db: Executor, clinicaId: string, id: string): Promise<Dentist> {
  const [row] = await db
    .update(dentistas)
    .set({ activo: false, fechaActualizacion: new Date() })
    .where(and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.id, id)))
    .returning({ id: dentistas.id });
  if (!row) throw dentistNotFound();
  return (await getDentist(db, clinicaId, id))!;
}
