import { REPORT_KINDS, REPORT_MESSAGES, reportQuerySchema, type ReportKind } from '@odontia/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { requirePermission } from '../../platform/session.ts';
import { validate } from '../../platform/validation.ts';
import { runReport, todayFigures } from './reports.service.ts';

const isReportKind = (value: string): value is ReportKind => (REPORT_KINDS as readonly string[]).includes(value);

/**
 * The clinic's reports (issue 25, `reportes.ver`): the dashboard's figures of today, and one report of a
 * range of the clinic's days per request (`GET /api/reportes/:informe`). Mounted at /reportes.
 */
export const reportsRoutes = new Hono<AppEnv>()
  .get('/hoy', requirePermission('reportes.ver'), async (c) =>
    c.json(await todayFigures(c.var.deps.db, c.var.member), 200),
  )
  .get(
    '/:informe',
    requirePermission('reportes.ver'),
    validate('query', reportQuerySchema, { status: 422 }),
    async (c) => {
      const informe = c.req.param('informe');
      if (!isReportKind(informe)) throw notFound(REPORT_MESSAGES.unknownReport);
      return c.json(await runReport(c.var.deps.db, c.var.member, informe, c.req.valid('query')), 200);
    },
  );
