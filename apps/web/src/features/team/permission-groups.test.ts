import { PERMISSIONS } from '@odontia/shared';
import { describe, expect, it } from 'vitest';
import { moduleLabel } from './permission-groups';

describe('moduleLabel', () => {
  it('names every module of the catalogue in Spanish, accents included', () => {
    const labels = Object.fromEntries([...new Set(PERMISSIONS.map((p) => p.modulo))].map((m) => [m, moduleLabel(m)]));
    expect(labels).toMatchObject({
      clinica: 'Clínica',
      auditoria: 'Auditoría',
      ventas: 'Ventas',
      odontograma: 'Odontograma',
    });
  });

  it('capitalizes a module it does not know (a catalogue newer than the screen)', () => {
    expect(moduleLabel('informes')).toBe('Informes');
    expect(moduleLabel('toString')).toBe('ToString');
  });
});
