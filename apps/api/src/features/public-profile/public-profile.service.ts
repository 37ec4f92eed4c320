import type { PublicProfile } from '@odontia/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clinicas } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { deleteStoredImage, replaceStoredImage } from '../../platform/storage/stored-images.ts';

const perfilColumns = {
  publicada: clinicas.publicada,
  fechaPublicacion: clinicas.fechaPublicacion,
  descripcion: clinicas.descripcion,
  especialidades: clinicas.especialidades,
  servicios: clinicas.servicios,
  horario: clinicas.horario,
  email: clinicas.emailPublico,
  sitioWeb: clinicas.sitioWeb,
  imagen: clinicas.imagenUrl,
  destacada: clinicas.destacada,
  fechaPerfilActualizado: clinicas.fechaPerfilActualizado,
  // Shown in the public profile too; edited in the clinic's own settings.
  nombre: clinicas.nombre,
  ciudad: clinicas.ciudad,
  direccion: clinicas.direccion,
  telefono: clinicas.telefono,
};

/** The clinic's public profile as its staff edit it ('Perfil público' in 'Configuración de la Clínica'). */
export async function getPublicProfile(db: Database, clinicaId: string) {
  const [row] = await db
    .select({ id: clinicas.id, ...perfilColumns })
    .from(clinicas)
    .where(eq(clinicas.id, clinicaId));
  if (!row) throw notFound('Clínica no encontrada');
  return row;
}

export type PerfilPublicoStaff = Awaited<ReturnType<typeof getPublicProfile>>;

const samePublicContent = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the profile. The first publication dates the clinic (esNueva); later changes to what the
 * public sees date its news (tieneNovedades). Unpublishing and publishing again keeps the first date,
 * so toggling cannot keep a clinic "new" for ever.
 */
export async function updatePublicProfile(db: Database, clinicaId: string, input: PublicProfile) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(perfilColumns).from(clinicas).where(eq(clinicas.id, clinicaId)).for('update');
    if (!current) throw notFound('Clínica no encontrada');

    const now = new Date();
    const content = {
      descripcion: input.descripcion,
      especialidades: input.especialidades,
      servicios: input.servicios,
      horario: input.horario,
      emailPublico: input.email,
      sitioWeb: input.sitioWeb,
    };
    const before = {
      descripcion: current.descripcion,
      especialidades: current.especialidades,
      servicios: current.servicios,
      horario: current.horario,
      emailPublico: current.email,
      sitioWeb: current.sitioWeb,
    };
    const changed = !samePublicContent(content, before);
    await tx
      .update(clinicas)
      .set({
        ...content,
        publicada: input.publicada,
        fechaPublicacion: input.publicada && !current.fechaPublicacion ? now : current.fechaPublicacion,
        // News only for changes the public could already see.
        fechaPerfilActualizado: changed && current.publicada && input.publicada ? now : current.fechaPerfilActualizado,
        fechaActualizacion: now,
      })
      .where(eq(clinicas.id, clinicaId));
    const [saved] = await tx
      .select({ id: clinicas.id, ...perfilColumns })
      .from(clinicas)
      .where(eq(clinicas.id, clinicaId));
    return saved;
  });
}

/** Replaces the profile's main image (same rules as the logo: checked by content, re-encoded). */
export async function setPublicProfileImage(db: Database, storage: Storage, clinicaId: string, upload: Uint8Array) {
  const { imagen } = await replaceStoredImage(
    storage,
    { bytes: upload, prefix: 'clinic_images', ownerId: clinicaId, fileName: 'perfil' },
    (url) =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ imagen: clinicas.imagenUrl, publicada: clinicas.publicada })
          .from(clinicas)
          .where(eq(clinicas.id, clinicaId))
          .for('update');
        const now = new Date();
        await tx
          .update(clinicas)
          .set({
            imagenUrl: url,
            fechaActualizacion: now,
            ...(current?.publicada ? { fechaPerfilActualizado: now } : {}),
          })
          .where(eq(clinicas.id, clinicaId));
        return { replaced: current?.imagen ?? null, imagen: url };
      }),
  );
  return { imagen };
}

export async function removePublicProfileImage(db: Database, storage: Storage, clinicaId: string) {
  const [current] = await db.select({ imagen: clinicas.imagenUrl }).from(clinicas).where(eq(clinicas.id, clinicaId));
  await db.update(clinicas).set({ imagenUrl: null, fechaActualizacion: new Date() }).where(eq(clinicas.id, clinicaId));
  await deleteStoredImage(storage, current?.imagen ?? null);
  return { imagen: null };
}
