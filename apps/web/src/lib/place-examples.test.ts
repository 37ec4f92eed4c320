import { isValidPhone } from '@odontia/shared';
import { describe, expect, it } from 'vitest';
import { placeExamples } from './place-examples';

describe('the examples a form shows', () => {
  it('are of the clinic’s country, and a phone example passes the phone rule of every form that shows it', () => {
    for (const pais of ['ES', 'España', 'CO', 'Colombia']) {
      const { telefono } = placeExamples(pais);
      expect(telefono && isValidPhone(telefono), pais).toBe(true);
    }
    expect(placeExamples('Colombia').ciudad).toBe('Bogotá');
    expect(placeExamples('ES').ciudad).toBe('Madrid');
    // A country without its own examples: none, rather than another country's.
    expect(placeExamples('MX')).toEqual({ email: 'paciente@correo.com' });
    expect(placeExamples(null)).toEqual({ email: 'paciente@correo.com' });
  });
});
