import { Hono } from 'hono';
import { accountRoutes } from './features/profile/account.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { clinicRoutes } from './features/clinic/clinic.routes.ts';
import { demoRoutes } from './features/demo/demo.routes.ts';
import { directoryRoutes } from './features/directory/directory.routes.ts';
import { robotsRoutes } from './features/directory/seo/robots.ts';
import { sitemapRoutes } from './features/directory/seo/sitemap.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { dashboardRoutes } from './features/dashboard/getting-started.routes.ts';
import { newsRoutes } from './features/dashboard/news.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { patientsRoutes } from './features/patients/patients.routes.ts';
import { odontogramRoutes, odontogramServiceRoutes } from './features/odontogram/odontogram.routes.ts';
import { medicalAlertsRoutes } from './features/medical-alerts/medical-alerts.routes.ts';
import { recordExportRoutes } from './features/record-export/record-export.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { budgetsRoutes, patientBudgetsRoutes } from './features/budgets/budgets.routes.ts';
import { budgetLinkRoutes } from './features/budgets/budgets.link.routes.ts';
import { cashDeskRoutes } from './features/payments/cash-desk.routes.ts';
import { patientPaymentsRoutes, paymentsRoutes } from './features/payments/payments.routes.ts';
import { consentTemplatesRoutes, consentsRoutes, patientConsentsRoutes } from './features/consents/consents.routes.ts';
import {
  clinicalNotesRoutes,
  noteTemplatesRoutes,
  patientHistoryRoutes,
} from './features/clinical-notes/clinical-notes.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { publicProfileRoutes } from './features/public-profile/public-profile.routes.ts';
import { publicRequestRoutes, requestsRoutes } from './features/requests/requests.routes.ts';
import { appointmentsRoutes } from './features/appointments/appointments.routes.ts';
import { patientAppointmentRoutes } from './features/appointments/patient-link.routes.ts';
import { onlineBookingRoutes } from './features/appointments/online-booking.routes.ts';
import { remindersRoutes } from './features/reminders/reminders.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { recallsRoutes } from './features/recalls/recalls.routes.ts';
import { debtorsRoutes } from './features/debtors/debtors.routes.ts';
import { bookingSettingsRoutes } from './features/booking-settings/booking-settings.routes.ts';
import { appointmentMessagesRoutes, messageSettingsRoutes } from './features/messages/messages.routes.ts';
import { dentistsRoutes } from './features/dentists/dentists.routes.ts';
import { blocksRoutes, dayScheduleRoutes, workingHoursRoutes } from './features/schedule/schedule.routes.ts';
import { invitationsRoutes, permissionsRoutes, rolesRoutes, usersRoutes } from './features/team/team.routes.ts';
import { cartRoutes, ordersRoutes, salesRoutes, storeRoutes } from './features/store/store.routes.ts';
import { termsRoutes } from './features/terms/terms.routes.ts';
import type { AppEnv, Deps } from './platform/context.ts';
import { AppError } from './platform/errors.ts';
import {
  errorResponse,
  noStore,
  originCheck,
  refuseMalformedUrls,
  requestBodyLimit,
  requestLog,
} from './platform/http.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { sessionCan } from './platform/session.ts';
import { appScriptHashes, createSpaRoutes, readIndexHtml, type SpaOptions } from './platform/spa.ts';
import { createFilesRoutes } from './platform/storage/files.routes.ts';

/**
 * The JSON API. Feature routers are chained here so that `AppType` carries every route's
 * request and response types to the web client (`hc<AppType>`).
 */
export const apiRoutes = new Hono<AppEnv>()
  .route('/health', healthRoutes)
  .route('/me', accountRoutes)
  .route('/pacientes', patientsRoutes)
  .route('/pacientes', odontogramRoutes)
  .route('/pacientes', medicalAlertsRoutes)
  .route('/odontograma', odontogramServiceRoutes)
  .route('/pacientes', patientHistoryRoutes)
  .route('/pacientes', recordExportRoutes)
  .route('/notas', clinicalNotesRoutes)
  .route('/plantillas-notas', noteTemplatesRoutes)
  .route('/pacientes', patientConsentsRoutes)
  .route('/consentimientos', consentsRoutes)
  .route('/plantillas-consentimientos', consentTemplatesRoutes)
  .route('/pacientes', patientBudgetsRoutes)
  .route('/presupuestos', budgetsRoutes)
  .route('/pacientes', patientPaymentsRoutes)
  .route('/cobros', paymentsRoutes)
  .route('/enlaces-presupuesto', budgetLinkRoutes)
  .route('/cita-paciente', patientAppointmentRoutes)
  // Before the public /reservas router, so that 'ajustes' is never read as a clinic id.
  .route('/reservas/ajustes', bookingSettingsRoutes)
  .route('/reservas', onlineBookingRoutes)
  .route('/auditoria', auditRoutes)
  .route('/directorio', directoryRoutes)
  .route('/directorio/clinicas', publicRequestRoutes)
  .route('/perfil-publico', publicProfileRoutes)
  .route('/solicitudes', requestsRoutes)
  .route('/perfil', profileRoutes)
  .route('/clinica', clinicRoutes)
  .route('/terminos', termsRoutes)
  .route('/demo', demoRoutes)
  .route('/notificaciones', notificationsRoutes)
  .route('/noticias', newsRoutes)
  .route('/panel', dashboardRoutes)
  .route('/usuarios', usersRoutes)
  .route('/invitaciones', invitationsRoutes)
  .route('/roles', rolesRoutes)
  .route('/permisos', permissionsRoutes)
  .route('/dentistas', dentistsRoutes)
  .route('/dentistas', workingHoursRoutes)
  .route('/bloqueos', blocksRoutes)
  // Before the agenda's `/citas/:id`, which would take `horario-dentistas` for an id.
  .route('/citas', dayScheduleRoutes)
  .route('/citas', appointmentsRoutes)
  .route('/citas', appointmentMessagesRoutes)
  .route('/mensajes', messageSettingsRoutes)
  .route('/recordatorios', remindersRoutes)
  .route('/reportes', reportsRoutes)
  .route('/revisiones', recallsRoutes)
  .route('/saldos', debtorsRoutes)
  .route('/productos', catalogRoutes)
  .route('/tienda', storeRoutes)
  .route('/carrito', cartRoutes)
  .route('/pedidos', ordersRoutes)
  .route('/ventas', salesRoutes)
  .route('/caja', cashDeskRoutes);

export type AppType = typeof apiRoutes;

export type AppOptions = {
  /** Serve the built web app from this folder (omitted in API tests). */
  spa?: SpaOptions;
};

/** Composes the whole HTTP application: middleware, auth, feature routers, files and the SPA. */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const html = options.spa ? readIndexHtml(options.spa.distDir) : null;

  app.use('*', securityHeaders({ scriptHashes: html ? appScriptHashes(html) : [] }));
  app.use('*', requestLog(deps.logger));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', refuseMalformedUrls(), requestBodyLimit());
  app.use('/api/*', noStore(), originCheck(deps.config.trustedOrigins));

  app.route('/api/auth', authRoutes);
  app.route('/api', apiRoutes);
  app.all('/api/*', () => {
    throw new AppError(404, 'not_found', 'Ruta de la API no encontrada');
  });
  app.route('/', createFilesRoutes(deps.storage, { canRead: sessionCan }));
  // Before the SPA, whose catch-all would answer these paths with index.html.
  app.route('/', robotsRoutes);
  app.route('/', sitemapRoutes);
  if (options.spa) app.route('/', createSpaRoutes(options.spa));

  app.notFound((c) => c.json({ error: { code: 'not_found', message: 'No encontrado' } }, 404));
  app.onError((error, c) => errorResponse(error, c, deps.logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
