import type { BookingRules } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { clinicas } from '../../db/schema/index.ts';
import type { Member } from '../../platform/context.ts';

/** The clinic's booking rules as the API names them, over their columns: read and written through this map only. */
const rulesColumns = {
  reservaOnline: clinicas.reservaOnline,
  antelacionMinutos: clinicas.reservaAntelacionMinutos,
  horizonteDias: clinicas.reservaHorizonteDias,
  maxFuturas: clinicas.reservaMaxFuturas,
  requiereAprobacion: clinicas.reservaRequiereAprobacion,
  revisionMeses: clinicas.revisionMeses,
};

/** The clinic's online-booking rules and recall interval ('Reserva online' in its settings). */
export async function bookingRules(db: Executor, member: Pick<Member, 'clinicaId'>): Promise<BookingRules> {
  const [row] = await db.select(rulesColumns).from(clinicas).where(eq(clinicas.id, member.clinicaId));
  return row!;
}

/** Replaces every rule at once and answers what was stored. */
export async function saveBookingRules(
  db: Database,
  member: Pick<Member, 'clinicaId'>,
  data: BookingRules,
): Promise<BookingRules> {
  const [row] = await db
    .update(clinicas)
    .set({
      reservaOnline: data.reservaOnline,
      reservaAntelacionMinutos: data.antelacionMinutos,
      reservaHorizonteDias: data.horizonteDias,
      reservaMaxFuturas: data.maxFuturas,
      reservaRequiereAprobacion: data.requiereAprobacion,
      revisionMeses: data.revisionMeses,
      fechaActualizacion: new Date(),
    })
    .where(eq(clinicas.id, member.clinicaId))
    .returning(rulesColumns);
  return row!;
}
