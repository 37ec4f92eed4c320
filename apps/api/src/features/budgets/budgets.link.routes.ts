import {
  BUDGET_MESSAGES,
  BUDGET_TOKEN,
  budgetAcceptanceSchema,
  budgetFactorSchema,
  budgetRejectionSchema,
} from '@odontia/shared';
import { Hono, type Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { validator } from 'hono/validator';
import { clientAddress } from '../../platform/client-address.ts';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { validate } from '../../platform/validation.ts';
import {
  acceptBudget,
  linkInfo,
  openLink,
  publicBudget,
  publicBudgetPdf,
  rejectBudgetByPatient,
  verifyFactor,
} from './budgets.answer.ts';

/** How long the patient's access lasts after the second factor, in seconds. */
const ACCESS_SECONDS = 30 * 60;
const ACCESS_COOKIE = 'odontia_presupuesto';

const tokenParam = validator('param', (value: Record<string, string>) => {
  const token = value.token ?? '';
  if (!BUDGET_TOKEN.test(token)) throw notFound(BUDGET_MESSAGES.linkNotFound);
  return { token };
});

const cookiePath = (token: string) => `/api/enlaces-presupuesto/${token}`;

/**
 * The access the second factor gives: a cookie signed with the server's secret, scoped to this link's
 * path, naming the link and when it ends. Answers the link's id while it lasts, otherwise null.
 */
async function accessOf(c: Context<AppEnv>, token: string): Promise<string | null> {
  const value = await getSignedCookie(c, c.var.deps.config.authSecret, ACCESS_COOKIE);
  if (!value) return null;
  const [linkId, until] = value.split('.');
  if (!linkId || !(Number(until) > Date.now())) {
    deleteCookie(c, ACCESS_COOKIE, { path: cookiePath(token) });
    return null;
  }
  return linkId;
}

const opened = async (c: Context<AppEnv>, token: string) => openLink(c.var.deps.db, token, await accessOf(c, token));

/**
 * The patient's budget link (issue 23), public: what the page shows first, the second factor (which
 * sets the access cookie), then the budget, its PDF, the signed acceptance and the refusal.
 */
export const budgetLinkRoutes = new Hono<AppEnv>()
  .get('/:token', tokenParam, async (c) => c.json(await linkInfo(c.var.deps.db, c.req.valid('param').token), 200))
  .post('/:token/verificar', tokenParam, validate('json', budgetFactorSchema), async (c) => {
    const { token } = c.req.valid('param');
    const link = await verifyFactor(c.var.deps.db, token, c.req.valid('json'));
    const { config } = c.var.deps;
    await setSignedCookie(c, ACCESS_COOKIE, `${link.id}.${Date.now() + ACCESS_SECONDS * 1000}`, config.authSecret, {
      path: cookiePath(token),
      httpOnly: true,
      sameSite: 'Strict',
      secure: config.appUrl.startsWith('https://'),
      maxAge: ACCESS_SECONDS,
    });
    return c.json({ ok: true as const }, 200);
  })
  .get('/:token/presupuesto', tokenParam, async (c) => {
    const link = await opened(c, c.req.valid('param').token);
    return c.json(await publicBudget(c.var.deps.db, link), 200);
  })
  .get('/:token/pdf', tokenParam, async (c) => {
    const link = await opened(c, c.req.valid('param').token);
    const pdf = await publicBudgetPdf(c.var.deps.db, c.var.deps, link);
    return c.body(new Uint8Array(pdf.bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .post('/:token/aceptar', tokenParam, validate('json', budgetAcceptanceSchema, { status: 422 }), async (c) => {
    const link = await opened(c, c.req.valid('param').token);
    await acceptBudget(
      c.var.deps,
      { clinicaId: link.clinicaId, zonaHoraria: link.zonaHoraria },
      link.presupuestoId,
      c.req.valid('json'),
      { canal: 'enlace', direccion: clientAddress(c), navegador: c.req.header('user-agent') ?? '' },
    );
    return c.json({ presupuesto: await publicBudget(c.var.deps.db, link), mensaje: BUDGET_MESSAGES.accepted }, 200);
  })
  .post('/:token/rechazar', tokenParam, validate('json', budgetRejectionSchema, { status: 422 }), async (c) => {
    const link = await opened(c, c.req.valid('param').token);
    await rejectBudgetByPatient(c.var.deps.db, link, c.req.valid('json').motivo);
    return c.json(
      { presupuesto: await publicBudget(c.var.deps.db, link), mensaje: BUDGET_MESSAGES.rejectedByPatient },
      200,
    );
  });
