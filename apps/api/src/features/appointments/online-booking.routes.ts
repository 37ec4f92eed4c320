import {
  BOOKING_MESSAGES,
  BOOKING_TOKEN,
  bookingCodeSchema,
  bookingDetailsSchema,
  holdSchema,
  nextSlotsQuerySchema,
  slotQuerySchema,
} from '@odontia/shared';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { clientAddress } from '../../platform/client-address.ts';
import { jsonText } from '../../platform/http.ts';
import type { AppEnv } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createProofOfWork, verifyProofOfWork } from '../../platform/proof-of-work.ts';
import { consumeLimit, defineLimit, limit } from '../../platform/rate-limit.ts';
import { idParam, validate } from '../../platform/validation.ts';
import {
  bookingOptions,
  confirmBooking,
  freeSlots,
  holdSlot,
  nextFreeSlots,
  releaseHold,
  sendBookingCode,
} from './online-booking.service.ts';

/** Limits of the public booking, counted in the database so every instance shares them. */
const challengeLimit = defineLimit({ name: 'reserva_desafio', points: 60, durationSeconds: 600 });
const holdLimit = defineLimit({ name: 'reserva_retener', points: 20, durationSeconds: 600 });
const codeByAddress = defineLimit({ name: 'reserva_codigo_ip', points: 10, durationSeconds: 3600 });
const codeByContact = defineLimit({ name: 'reserva_codigo_contacto', points: 5, durationSeconds: 3600 });

const clinicNotFound = () => notFound(BOOKING_MESSAGES.notOnline);
const tokenParam = validator('param', (value: Record<string, string>) => {
  const token = value.token ?? '';
  if (!BOOKING_TOKEN.test(token)) throw notFound(BOOKING_MESSAGES.holdNotFound);
  return { token };
});

/**
 * Online booking from the public profile (issue 24): public routes, each opening only what the clinic
 * published (a clinic that takes online bookings) or what the booking's token holds.
 */
export const onlineBookingRoutes = new Hono<AppEnv>()
  .get('/desafio', limit({ rule: challengeLimit, key: 'address' }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await createProofOfWork(c.var.deps.config), 200);
  })
  .get('/proximos', validate('query', nextSlotsQuerySchema), async (c) =>
    c.json(await nextFreeSlots(c.var.deps.db, c.req.valid('query').ids), 200),
  )
  .get('/:id/opciones', idParam(clinicNotFound), async (c) =>
    c.json(await bookingOptions(c.var.deps.db, c.req.valid('param').id), 200),
  )
  .get('/:id/huecos', idParam(clinicNotFound), validate('query', slotQuerySchema), async (c) =>
    jsonText(c, await freeSlots(c.var.deps.db, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post(
    '/:id/retener',
    idParam(clinicNotFound),
    limit({ rule: holdLimit, key: 'address' }),
    validate('json', holdSchema),
    async (c) => {
      const { altcha, ...slot } = c.req.valid('json');
      const desafio = await verifyProofOfWork(c.var.deps.config, altcha);
      if (!desafio) throw new AppError(400, 'validation_error', BOOKING_MESSAGES.challengeFailed);
      return c.json(
        await holdSlot(c.var.deps.db, c.req.valid('param').id, { ...slot, desafio }, clientAddress(c)),
        201,
      );
    },
  )
  .post(
    '/retenciones/:token/datos',
    tokenParam,
    limit({ rule: codeByAddress, key: 'address' }),
    validate('json', bookingDetailsSchema),
    async (c) => {
      const { aceptaPrivacidad: _accepted, ...details } = c.req.valid('json');
      await consumeLimit(c.var.deps, codeByContact, details.email);
      return c.json(await sendBookingCode(c.var.deps, c.req.valid('param').token, details), 200);
    },
  )
  .post('/retenciones/:token/confirmar', tokenParam, validate('json', bookingCodeSchema), async (c) =>
    c.json(await confirmBooking(c.var.deps, c.req.valid('param').token, c.req.valid('json').codigo), 200),
  )
  /** The visitor lets the slot go (they chose another): free at once for everyone else. */
  .delete('/retenciones/:token', tokenParam, async (c) => {
    await releaseHold(c.var.deps.db, c.req.valid('param').token);
    return c.body(null, 204);
  });
