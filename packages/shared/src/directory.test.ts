import { describe, expect, it } from 'vitest';
import { searchWords } from './directory.ts';

describe('searchWords', () => {
  it('splits at spaces and hyphens, folded, without repeats', () => {
    expect(searchWords('  Ortodoncia   MADRID ')).toEqual(['ortodoncia', 'madrid']);
    expect(searchWords('Estética-dental Vitoria-Gasteiz')).toEqual(['estetica', 'dental', 'vitoria', 'gasteiz']);
    expect(searchWords('sol sol')).toEqual(['sol']);
  });

  it('leaves out linking words, unless they are all there is', () => {
    expect(searchWords('Ortodoncia en Madrid')).toEqual(['ortodoncia', 'madrid']);
    expect(searchWords('Clínica de la Sierra')).toEqual(['clinica', 'sierra']);
    expect(searchWords('de la')).toEqual(['de', 'la']);
  });

  it('has no words for blank text', () => {
    expect(searchWords(' - ')).toEqual([]);
  });
});
