import { clinicSchema } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { loadMember, requirePermission, requireUser } from '../../platform/session.ts';
import { fileBytes, imageUpload } from '../../platform/storage/images.ts';
import { validate } from '../../platform/validation.ts';
import { getClinic, saveClinicForOnboarding, setClinicLogo, updateClinic } from './clinic.service.ts';

/**
 * The caller's own clinic (the one of their membership, never one named in the request):
 * onboarding and /configurar-clinica create it, 'Configuración de la Clínica' changes it.
 */
export const clinicRoutes = new Hono<AppEnv>()
  /** The clinic, or null when the user has none yet (onboarding, /configurar-clinica). */
  .get('/', requireUser, async (c) => {
    const { db } = c.var.deps;
    const member = await loadMember(db, c.var.user.id);
    if (member && !member.permisos.has('clinica.ver')) throw forbidden();
    const clinica = member ? await getClinic(db, member.clinicaId) : null;
    return c.json({ clinica }, 200);
  })
  /**
   * Onboarding's last step and the first-time setup: creates the clinic with its roles and the
   * caller as Administrador, or updates the caller's clinic when there is one (spec 000 §4).
   */
  .post('/', requireUser, validate('json', clinicSchema), async (c) => {
    const { db } = c.var.deps;
    const member = await loadMember(db, c.var.user.id);
    if (member && !member.permisos.has('clinica.editar')) throw forbidden();
    const result = await saveClinicForOnboarding(db, c.var.user, member?.clinicaId ?? null, c.req.valid('json'));
    return c.json(result, result.created ? 201 : 200);
  })
  .put('/', requirePermission('clinica.editar'), validate('json', clinicSchema), async (c) => {
    const clinica = await updateClinic(c.var.deps.db, c.var.member.clinicaId, c.req.valid('json'));
    return c.json({ clinica }, 200);
  })
  .post('/logo', requirePermission('clinica.editar'), imageUpload('logo'), async (c) => {
    const { db, storage } = c.var.deps;
    return c.json(
      await setClinicLogo(db, storage, c.var.member.clinicaId, await fileBytes(c.req.valid('form').logo)),
      200,
    );
  });
