import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perfilesUsuario, user, usuarios } from '../../db/schema/index.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { replaceStoredImage } from '../../platform/storage/stored-images.ts';

type SavedProfile = { nombres: string; apellidos: string; telefono: string };

/** The signed-in person's profile; a user who never saved one gets blanks (spec 000 §7: PGRST116 → blank). */
export async function getProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      email: user.email,
      onboardingStep: user.onboardingStep,
      nombres: perfilesUsuario.nombres,
      apellidos: perfilesUsuario.apellidos,
      telefono: perfilesUsuario.telefono,
      fotoUrl: perfilesUsuario.fotoUrl,
    })
    .from(user)
    .leftJoin(perfilesUsuario, eq(perfilesUsuario.id, user.id))
    .where(eq(user.id, userId));
  return row ?? null;
}

/**
 * Upserts the profile and, on the first save, moves onboarding from pendiente to perfil_completado
 * (spec 000 §4), or straight to completado for a member who joined a clinic by invitation (DESIGN §1:
 * they skip the clinic step). A later save from 'Mi Perfil' never moves a finished onboarding back.
 */
export async function saveProfile(db: Database, userId: string, data: SavedProfile) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [perfil] = await tx
      .insert(perfilesUsuario)
      .values({ id: userId, ...data, fechaActualizacion: now })
      .onConflictDoUpdate({ target: perfilesUsuario.id, set: { ...data, fechaActualizacion: now } })
      .returning({
        nombres: perfilesUsuario.nombres,
        apellidos: perfilesUsuario.apellidos,
        telefono: perfilesUsuario.telefono,
        fotoUrl: perfilesUsuario.fotoUrl,
      });
    const [membership] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, userId));
    await tx
      .update(user)
      .set({ onboardingStep: membership ? 'completado' : 'perfil_completado', updatedAt: now })
      .where(and(eq(user.id, userId), eq(user.onboardingStep, 'pendiente')));
    const [{ onboardingStep }] = await tx
      .select({ onboardingStep: user.onboardingStep })
      .from(user)
      .where(eq(user.id, userId));
    return { ...perfil, onboardingStep };
  });
}

/**
 * Stores a new profile photo (checked and re-encoded by content) under profile_photos/{user}/ and
 * deletes the one it replaces once the row points at the new file.
 */
export async function setProfilePhoto(db: Database, storage: Storage, userId: string, upload: Uint8Array) {
  const { fotoUrl } = await replaceStoredImage(
    storage,
    { bytes: upload, prefix: 'profile_photos', ownerId: userId, fileName: 'foto' },
    (url) =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ fotoUrl: perfilesUsuario.fotoUrl })
          .from(perfilesUsuario)
          .where(eq(perfilesUsuario.id, userId))
          .for('update');
        const now = new Date();
        await tx
          .insert(perfilesUsuario)
          .values({ id: userId, fotoUrl: url, fechaActualizacion: now })
          .onConflictDoUpdate({ target: perfilesUsuario.id, set: { fotoUrl: url, fechaActualizacion: now } });
        return { replaced: current?.fotoUrl ?? null, fotoUrl: url };
      }),
  );
  return { fotoUrl };
}

export type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>>;
