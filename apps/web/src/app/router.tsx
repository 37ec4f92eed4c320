import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazy, Suspense } from 'react';

// Not needed to show a public page: loaded only when used, so they stay out of the landing's budget.
const RouteError = lazy(() => import('./route-error').then((m) => ({ default: m.RouteError })));
const LazyRouteError = () => (
  <Suspense fallback={null}>
    <RouteError />
  </Suspense>
);

/** Every screen is its own chunk: public pages never download staff code. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    errorElement: <LazyRouteError />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/protected-route')).ProtectedRoute }),
        children: [
          {
            lazy: page(() => import('./layouts/staff-layout')),
            children: [
              { path: '/dashboard', lazy: page(() => import('@/features/dashboard/pages/dashboard-page')) },
              { path: '/solicitudes', lazy: page(() => import('@/features/requests/pages/solicitudes-page')) },
            ],
          },
        ],
      },
      // Public pages (spec 000 §2): outside the protected route, each its own light chunk.
      { path: '/', lazy: page(() => import('@/features/directory/pages/landing-page')) },
      { path: '/clinicas', lazy: page(() => import('@/features/directory/pages/directory-page')) },
      { path: '/clinicas/:id', lazy: page(() => import('@/features/directory/pages/clinic-profile-page')) },
      { path: '/software-info', lazy: page(() => import('@/features/directory/pages/software-info-page')) },
      { path: '*', lazy: page(() => import('./not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
