import type { GettingStarted } from '@odontia/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clinicas, dentistas, invitacionesUsuarios, productos, usuarios } from '../../db/schema/index.ts';

const exists = (query: ReturnType<typeof sql>) => sql<boolean>`exists (${query})`;

/**
 * Each step of 'Primeros pasos' checked from the clinic's own rows, in one statement:
 * - perfil: a logo, with its phone and address;
 * - dentistas: an active dentist;
 * - horario: a row of opening hours in its public profile;
 * - equipo: another member, or an invitation sent;
 * - catalogo: an item in its catalogue;
 * - perfilPublico: a description and at least one specialty.
 */
export async function gettingStarted(db: Executor, clinicaId: string): Promise<GettingStarted> {
  const [row] = await db
    .select({
      perfil: sql<boolean>`${clinicas.logoUrl} is not null and ${clinicas.telefono} is not null and ${clinicas.direccion} is not null`,
      dentistas: exists(
        sql`select 1 from ${dentistas} where ${and(eq(dentistas.clinicaId, clinicaId), eq(dentistas.activo, true))}`,
      ),
      horario: sql<boolean>`jsonb_array_length(${clinicas.horario}) > 0`,
      equipo: sql<boolean>`${exists(
        sql`select 1 from ${usuarios} where ${and(eq(usuarios.clinicaId, clinicaId), ne(usuarios.id, clinicas.userId))}`,
      )} or ${exists(sql`select 1 from ${invitacionesUsuarios} where ${eq(invitacionesUsuarios.clinicaId, clinicaId)}`)}`,
      catalogo: exists(sql`select 1 from ${productos} where ${eq(productos.clinicaId, clinicaId)}`),
      perfilPublico: sql<boolean>`coalesce(${clinicas.descripcion}, '') <> '' and cardinality(${clinicas.especialidades}) > 0`,
    })
    .from(clinicas)
    .where(eq(clinicas.id, clinicaId));
  return row;
}
