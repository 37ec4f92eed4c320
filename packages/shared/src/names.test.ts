import { describe, expect, it } from 'vitest';
import { displayName, greetingName } from './names.ts';

describe('displayName', () => {
  it('joins names and surnames, trimmed', () => {
    expect(displayName({ nombres: ' Ana ', apellidos: 'Ruiz' }, 'ana@x.test')).toBe('Ana Ruiz');
    expect(displayName({ nombres: null, apellidos: 'Ruiz' }, 'ana@x.test')).toBe('Ruiz');
  });

  it('falls back to the part of the email before the @ only when no name exists', () => {
    expect(displayName({ nombres: '  ', apellidos: null }, 'ana.ruiz@x.test')).toBe('ana.ruiz');
    expect(displayName(undefined, 'ana.ruiz@x.test')).toBe('ana.ruiz');
  });

  it('is empty when there is neither', () => {
    expect(displayName(null, null)).toBe('');
    expect(displayName({ nombres: '', apellidos: '' }, '')).toBe('');
  });
});

describe('greetingName', () => {
  it('uses the first names alone', () => {
    expect(greetingName({ nombres: 'Ana María', apellidos: 'Ruiz' }, 'ana@x.test')).toBe('Ana María');
  });

  it('uses the surnames, then the email, when there are no first names', () => {
    expect(greetingName({ nombres: null, apellidos: 'Ruiz' }, 'ana@x.test')).toBe('Ruiz');
    expect(greetingName({ nombres: null, apellidos: null }, 'ana@x.test')).toBe('ana');
  });

  it('is empty when nothing is known', () => {
    expect(greetingName(null, undefined)).toBe('');
  });
});
