import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProtectedRoute } from './layouts/protected-route';
import { RouteError } from './route-error';

/** Every screen is its own chunk: public pages never download staff code. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: page(() => import('./layouts/staff-layout')),
            children: [{ path: '/dashboard', lazy: page(() => import('@/features/dashboard/pages/dashboard-page')) }],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./not-found')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
