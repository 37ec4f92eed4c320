/**
 * The `reservas` section's app process (bench/lib/app-server.ts): the real app on the section's database
 * (made and filled by the section before it starts this), plus one bench-only route, POST
 * /bench/reservas/:id/retener: the public hold route (POST /api/reservas/:id/retener) without its
 * proof of work, so that a load test can hold thousands of slots without solving a challenge for each
 * (a solution takes the client about a second). It validates the same body minus `altcha` and calls the
 * same `holdSlot` with a fresh challenge signature each time. What the proof of work's check costs is
 * measured apart by the section.
 *
 * Environment: PORT, DATABASE_URL, DATA_DIR, AUTH_SECRET, BENCH_RESERVAS_CLINICA (reported when ready).
 */
import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES, holdSchema } from '@odontia/shared';
import { Hono } from 'hono';
import { holdSlot } from '../../apps/api/src/features/appointments/online-booking.service.ts';
import { clientAddress } from '../../apps/api/src/platform/client-address.ts';
import type { AppEnv } from '../../apps/api/src/platform/context.ts';
import { notFound } from '../../apps/api/src/platform/errors.ts';
import { idParam, validate } from '../../apps/api/src/platform/validation.ts';
import { serveBench } from '../lib/app-server.ts';

const routes = new Hono<AppEnv>().post(
  '/reservas/:id/retener',
  idParam(() => notFound(BOOKING_MESSAGES.notOnline)),
  validate('json', holdSchema.omit({ altcha: true })),
  async (c) =>
    c.json(
      await holdSlot(
        c.var.deps.db,
        c.req.valid('param').id,
        { ...c.req.valid('json'), desafio: `bench-${randomUUID()}` },
        clientAddress(c),
      ),
      201,
    ),
);

await serveBench({
  prepare: async () => ({ clinicaId: process.env.BENCH_RESERVAS_CLINICA ?? '' }),
  routes,
});
