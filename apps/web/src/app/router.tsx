import type { Permission } from '@odontia/shared';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { lazy, Suspense } from 'react';
import type { Audience } from './layouts/nav';
import { RootLayout } from './layouts/root-layout';

// Not needed to show a public page: loaded only when used, so they stay out of the landing's budget.
const RouteError = lazy(() => import('./route-error').then((m) => ({ default: m.RouteError })));
const LazyRouteError = () => (
  <Suspense fallback={null}>
    <RouteError />
  </Suspense>
);

/** Every screen is its own chunk: public pages never download staff code. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * 'Configuración de la Clínica' is a list of sections owned by different features; features do not
 * import each other, so the sections are put together here.
 */
const settingsPage = async () => {
  const [
    { default: SettingsPage },
    { default: PublicProfileSection },
    { default: NoteTemplatesSection },
    { default: ConsentTemplatesSection },
    { default: MessageSettingsSection },
    { default: BookingRulesSection },
  ] = await Promise.all([
    import('@/features/clinic/pages/settings-page'),
    import('@/features/public-profile/components/public-profile-section'),
    import('@/features/clinical-notes/components/note-templates-section'),
    import('@/features/consents/components/consent-templates-section'),
    import('@/features/messages/components/message-settings-section'),
    import('@/features/booking-settings/components/booking-rules-section'),
  ]);
  const sections = [
    PublicProfileSection,
    BookingRulesSection,
    MessageSettingsSection,
    NoteTemplatesSection,
    ConsentTemplatesSection,
  ];
  return { Component: () => <SettingsPage sections={sections} /> };
};

/** The patient's page with the other features' sections below it (budgets, signed consents). */
const patientPage = async () => {
  const [
    { default: EditPatientPage },
    { default: ConsentsSection },
    { default: BudgetsSection },
    { default: AccountSection },
  ] = await Promise.all([
    import('@/features/patients/pages/edit-patient-page'),
    import('@/features/consents/components/consents-section'),
    import('@/features/budgets/components/budgets-section'),
    import('@/features/payments/components/account-section'),
  ]);
  const sections = [AccountSection, BudgetsSection, ConsentsSection];
  return { Component: () => <EditPatientPage sections={sections} /> };
};

/**
 * Routes that open only for members whose role grants `permission`, and only for the accounts of
 * `audience` (nav.ts): the sidebar hides them the same way.
 */
const guarded = (
  permission: Permission,
  children: RouteObject[],
  options: { audience?: Audience } = {},
): RouteObject => ({
  lazy: async () => {
    const { RequirePermission } = await import('./layouts/require-permission');
    return { Component: () => <RequirePermission permission={permission} audience={options.audience} /> };
  },
  children,
});

/**
 * The dashboard with the other features' cards (features do not import each other): a clinic's unsigned
 * notes, budgets to follow up, agenda and notifications; a supplier's sales to fulfil, low stock and notifications.
 */
const dashboardPage = async () => {
  const [
    { default: DashboardPage },
    { TestNotificationButton },
    { ImportantNotificationsCard },
    { TodaysAgendaCard },
    { SalesToFulfilCard },
    { LowStockCard },
    { UnsignedNotesCard },
    { FollowUpsCard },
    { TodayFiguresCard },
  ] = await Promise.all([
    import('@/features/dashboard/pages/dashboard-page'),
    import('@/features/notifications/components/test-notification-button'),
    import('@/features/notifications/components/important-notifications-card'),
    import('@/features/appointments/components/todays-agenda-card'),
    import('@/features/store/components/sales-to-fulfil-card'),
    import('@/features/catalog/components/low-stock-card'),
    import('@/features/clinical-notes/components/unsigned-notes-card'),
    import('@/features/budgets/components/follow-ups-card'),
    import('@/features/reports/components/today-figures-card'),
  ]);
  const sections = [TodayFiguresCard, UnsignedNotesCard, FollowUpsCard, TodaysAgendaCard, ImportantNotificationsCard];
  const supplierSections = [SalesToFulfilCard, LowStockCard, ImportantNotificationsCard];
  return {
    Component: () => (
      <DashboardPage actions={<TestNotificationButton />} sections={sections} supplierSections={supplierSections} />
    ),
  };
};

/**
 * The odontogram with the notifications feature's test button in its header, as the dashboard's, and the
 * budgets feature's 'Crear presupuesto' on the open chart (issue 23: a budget is made from the chart).
 */
const odontogramPage = async () => {
  const [{ default: OdontogramPage }, { TestNotificationButton }, { CreateBudgetButton }] = await Promise.all([
    import('@/features/odontogram/pages/odontogram-page'),
    import('@/features/notifications/components/test-notification-button'),
    import('@/features/budgets/components/create-budget-button'),
  ]);
  return {
    Component: () => (
      <OdontogramPage
        actions={<TestNotificationButton />}
        chartActions={(patientId, dirty) => <CreateBudgetButton patientId={patientId} unsavedChart={dirty} size="sm" />}
      />
    ),
  };
};

export const routes: RouteObject[] = [
  {
    // Applies the onboarding redirects of spec 000 §4 on every route.
    Component: RootLayout,
    errorElement: <LazyRouteError />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/protected-route')).ProtectedRoute }),
        children: [
          {
            lazy: page(() => import('./layouts/staff-layout')),
            children: [
              { path: '/dashboard', lazy: dashboardPage },
              { path: '/profile', lazy: page(() => import('@/features/profile/pages/profile-page')) },
              // Each screen opens for the roles that hold the permission of its sidebar entry, and for its audience.
              guarded(
                'pacientes.ver',
                [
                  { path: '/pacientes', lazy: page(() => import('@/features/patients/pages/patients-page')) },
                  guarded('pacientes.crear', [
                    {
                      path: '/pacientes/nuevo',
                      lazy: page(() => import('@/features/patients/pages/new-patient-page')),
                    },
                  ]),
                  { path: '/pacientes/:id', lazy: patientPage },
                  { path: '/revisiones', lazy: page(() => import('@/features/recalls/pages/recalls-page')) },
                ],
                { audience: 'clinic' },
              ),
              guarded(
                'citas.ver',
                [
                  { path: '/citas', lazy: page(() => import('@/features/appointments/pages/agenda-page')) },
                  { path: '/recordatorios', lazy: page(() => import('@/features/reminders/pages/reminders-page')) },
                  guarded('citas.crear', [
                    {
                      path: '/citas/nueva',
                      lazy: page(() => import('@/features/appointments/pages/new-appointment-page')),
                    },
                  ]),
                  {
                    path: '/citas/:id',
                    lazy: page(() => import('@/features/appointments/pages/edit-appointment-page')),
                  },
                ],
                { audience: 'clinic' },
              ),
              guarded('odontograma.ver', [{ path: '/odontograma', lazy: odontogramPage }], { audience: 'clinic' }),
              // The clinical record (issue 22): read with historia.ver, written with historia.editar.
              guarded(
                'historia.ver',
                [
                  {
                    path: '/pacientes/:id/historia',
                    lazy: page(() => import('@/features/clinical-notes/pages/history-page')),
                  },
                  { path: '/notas/:id', lazy: page(() => import('@/features/clinical-notes/pages/note-page')) },
                  guarded('historia.editar', [
                    {
                      path: '/pacientes/:id/notas/nueva',
                      lazy: page(() => import('@/features/clinical-notes/pages/new-note-page')),
                    },
                  ]),
                  guarded('consentimientos.firmar', [
                    {
                      path: '/pacientes/:id/consentimientos/nuevo',
                      lazy: page(() => import('@/features/consents/pages/new-consent-page')),
                    },
                  ]),
                ],
                { audience: 'clinic' },
              ),
              // Budgets (issue 23): read with presupuestos.ver; the page offers what the role may do.
              guarded(
                'presupuestos.ver',
                [
                  { path: '/presupuestos', lazy: page(() => import('@/features/budgets/pages/budgets-page')) },
                  { path: '/presupuestos/:id', lazy: page(() => import('@/features/budgets/pages/budget-page')) },
                ],
                { audience: 'clinic' },
              ),
              // Payments, cash and reports (issue 25).
              guarded(
                'caja.cerrar',
                [{ path: '/caja', lazy: page(() => import('@/features/payments/pages/cash-desk-page')) }],
                {
                  audience: 'clinic',
                },
              ),
              guarded(
                'cobros.ver',
                [{ path: '/saldos', lazy: page(() => import('@/features/debtors/pages/debtors-page')) }],
                {
                  audience: 'clinic',
                },
              ),
              guarded(
                'reportes.ver',
                [{ path: '/reportes', lazy: page(() => import('@/features/reports/pages/reports-page')) }],
                { audience: 'clinic' },
              ),
              // Inventario (spec 001 §2).
              guarded('productos.ver', [
                { path: '/productos', lazy: page(() => import('@/features/catalog/pages/catalog-page')) },
                guarded('productos.crear', [
                  { path: '/productos/nuevo', lazy: page(() => import('@/features/catalog/pages/new-item-page')) },
                ]),
                { path: '/productos/:id', lazy: page(() => import('@/features/catalog/pages/edit-item-page')) },
              ]),
              guarded(
                'dentistas.ver',
                [
                  { path: '/dentistas', lazy: page(() => import('@/features/dentists/pages/dentists-page')) },
                  // A dentist's working hours (issue 24): set by whoever manages the dentists.
                  guarded('dentistas.gestionar', [
                    {
                      path: '/dentistas/:id/horario',
                      lazy: page(() => import('@/features/dentists/pages/working-hours-page')),
                    },
                  ]),
                ],
                { audience: 'clinic' },
              ),
              guarded(
                'solicitudes.ver',
                [{ path: '/solicitudes', lazy: page(() => import('@/features/requests/pages/requests-page')) }],
                { audience: 'clinic' },
              ),
              guarded('clinica.ver', [{ path: '/settings', lazy: settingsPage }]),
              // The supplies store (spec 001 §2 Store, Cart, Checkout; DESIGN §1: /compras/producto/{id} exists).
              guarded(
                'compras.ver',
                [
                  { path: '/compras', lazy: page(() => import('@/features/store/pages/store-page')) },
                  { path: '/compras/producto/:id', lazy: page(() => import('@/features/store/pages/product-page')) },
                  { path: '/compras/carrito', lazy: page(() => import('@/features/store/pages/cart-page')) },
                  guarded('compras.realizar', [
                    { path: '/compras/checkout', lazy: page(() => import('@/features/store/pages/checkout-page')) },
                  ]),
                  { path: '/compras/pedidos', lazy: page(() => import('@/features/store/pages/orders-page')) },
                  { path: '/compras/pedidos/:id', lazy: page(() => import('@/features/store/pages/order-page')) },
                ],
                { audience: 'clinic' },
              ),
              guarded(
                'ventas.gestionar',
                [
                  { path: '/ventas', lazy: page(() => import('@/features/store/pages/sales-page')) },
                  { path: '/ventas/:id', lazy: page(() => import('@/features/store/pages/sale-page')) },
                ],
                { audience: 'supplier' },
              ),
              // Administración (spec 001 §2).
              guarded('usuarios.ver', [
                { path: '/usuarios', lazy: page(() => import('@/features/team/pages/users-page')) },
                guarded('usuarios.crear', [
                  { path: '/usuarios/nuevo', lazy: page(() => import('@/features/team/pages/invite-user-page')) },
                ]),
                { path: '/usuarios/:id', lazy: page(() => import('@/features/team/pages/edit-user-page')) },
              ]),
              guarded('roles.ver', [
                { path: '/roles', lazy: page(() => import('@/features/team/pages/roles-page')) },
                guarded('roles.gestionar', [
                  { path: '/roles/nuevo', lazy: page(() => import('@/features/team/pages/new-role-page')) },
                ]),
                { path: '/roles/:id', lazy: page(() => import('@/features/team/pages/edit-role-page')) },
              ]),
              guarded('permisos.ver', [
                { path: '/permisos', lazy: page(() => import('@/features/team/pages/permissions-page')) },
              ]),
              guarded('auditoria.ver', [
                { path: '/auditoria', lazy: page(() => import('@/features/audit/pages/audit-page')) },
              ]),
            ],
          },
          {
            lazy: page(() => import('./layouts/onboarding-layout')),
            children: [
              { path: '/onboarding/perfil', lazy: page(() => import('@/features/profile/pages/profile-step-page')) },
              { path: '/onboarding/clinica', lazy: page(() => import('@/features/clinic/pages/clinic-step-page')) },
              { path: '/configurar-clinica', lazy: page(() => import('@/features/clinic/pages/clinic-setup-page')) },
            ],
          },
        ],
      },
      {
        lazy: page(() => import('./layouts/auth-layout')),
        children: [
          { path: '/auth', lazy: page(() => import('@/features/auth/pages/auth-page')) },
          { path: '/auth/recuperar-clave', lazy: page(() => import('@/features/auth/pages/recover-password-page')) },
          { path: '/auth/reset-password', lazy: page(() => import('@/features/auth/pages/reset-password-page')) },
        ],
      },
      { path: '/terminos-y-condiciones', lazy: page(() => import('@/features/terms/pages/terms-page')) },
      // Public pages (spec 000 §2): served with their own entry (app/public-app.tsx); here for when
      // this app reaches them itself (a page it was loaded on, as in development).
      {
        lazy: async () => ({ Component: (await import('./layouts/public-route')).PublicRoute }),
        children: [
          { path: '/', lazy: page(() => import('@/features/directory/pages/landing-page')) },
          { path: '/clinicas', lazy: page(() => import('@/features/directory/pages/directory-page')) },
          { path: '/clinicas/:id', lazy: page(() => import('@/features/directory/pages/clinic-profile-page')) },
          { path: '/software-info', lazy: page(() => import('@/features/directory/pages/software-info-page')) },
        ],
      },
      // The patient's budget link (issue 23): public, behind its own second factor.
      { path: '/presupuesto/:token', lazy: page(() => import('@/features/budgets/pages/patient-budget-page')) },
      // The patient's appointment link (issue 24): public, confirm or cancel.
      { path: '/cita/:token', lazy: page(() => import('@/features/appointments/pages/patient-appointment-page')) },
      { path: '*', lazy: page(() => import('./not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the modules of the routes that match `location` into the route objects, before the router is
 * made: a page the server rendered then hydrates at once, instead of the router rendering nothing
 * while its lazy routes load (which would not match the server's HTML).
 */
export async function loadMatchedRoutes(location: string) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
