import type { Budget, CatalogItem, OdontogramChart } from '@odontia/shared';
import { expect } from 'vitest';

type Owner = { cookie: string };
/** The test app's raw request (test/app.ts), as the tests hand it over. */
type TestRequests = {
  request: (pathname: string, init?: RequestInit & { json?: unknown; cookie?: string }) => Promise<Response>;
};

/**
 * The budgets tests' shared steps, through the API as a member would take them: a catalogue item, a
 * chart saved, a budget made from it and read back. `app` is read at each call (the tests open it in
 * beforeAll).
 */
export function budgetTestKit(app: () => TestRequests) {
  return {
    async createItem(owner: Owner, json: Record<string, unknown>) {
      const res = await app().request('/api/productos', { method: 'POST', cookie: owner.cookie, json });
      expect(res.status).toBe(201);
      return (await res.json()) as CatalogItem;
    },
    /** Saves the patient's first chart version. */
    async saveChart(owner: Owner, pacienteId: string, chart: OdontogramChart) {
      const res = await app().request(`/api/pacientes/${pacienteId}/odontograma`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { baseVersion: 0, chart },
      });
      expect(res.status).toBe(200);
    },
    async createBudget(owner: Owner, pacienteId: string) {
      const res = await app().request(`/api/pacientes/${pacienteId}/presupuestos`, {
        method: 'POST',
        cookie: owner.cookie,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { presupuesto: Budget }).presupuesto;
    },
    async getBudget(owner: Owner, id: string) {
      const res = await app().request(`/api/presupuestos/${id}`, { cookie: owner.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Budget;
    },
  };
}
