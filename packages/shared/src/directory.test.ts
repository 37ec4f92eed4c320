import { describe, expect, it } from 'vitest';
import { ESPECIALIDADES, searchWords, specialtyName } from './directory.ts';

describe('searchWords', () => {
  const words = (value: string) => searchWords(value).map((w) => w.word);

  it('splits at spaces and hyphens, folded, without repeats', () => {
    expect(words('  Ortodoncia   MADRID ')).toEqual(['ortodoncia', 'madrid']);
    expect(words('Estética-dental Vitoria-Gasteiz')).toEqual(['estetica', 'dental', 'vitoria', 'gasteiz']);
    expect(words('sol sol')).toEqual(['sol']);
  });

  it('leaves out linking words, unless they are all there is', () => {
    expect(words('Ortodoncia en Madrid')).toEqual(['ortodoncia', 'madrid']);
    expect(words('Clínica de la Sierra')).toEqual(['clinica', 'sierra']);
    expect(words('de la')).toEqual(['de', 'la']);
  });

  it('has no words for blank text', () => {
    expect(searchWords(' - ')).toEqual([]);
  });

  it('gives each word the runs of the text around it that a city name may equal, as typed', () => {
    const [, coruna] = searchWords('Ortodoncia A Coruña');
    expect(coruna.word).toBe('coruna');
    expect(coruna.cities).toEqual(expect.arrayContaining(['coruna', 'a coruna', 'ortodoncia a coruna']));
    const gasteiz = searchWords('implantes vitoria-gasteiz').find((w) => w.word === 'gasteiz');
    expect(gasteiz?.cities).toContain('vitoria-gasteiz');
    expect(gasteiz?.cities).not.toContain('implantes');
  });

  it('compares runs of at most four words', () => {
    const [first] = searchWords('uno dos tres cuatro cinco');
    expect(first.cities).toEqual(['uno', 'uno dos', 'uno dos tres', 'uno dos tres cuatro']);
  });
});

describe('specialtyName', () => {
  it('gives the Spanish name with its accents, the one the reference table holds', () => {
    expect(specialtyName('odontologia-general')).toBe('Odontología general');
    expect(specialtyName('estetica-dental')).toBe('Estética dental');
    for (const e of ESPECIALIDADES) expect(specialtyName(e.id)).toBe(e.nombre);
  });

  it('shows a slug of no specialty capitalised with spaces', () => {
    expect(specialtyName('no-existe')).toBe('No Existe');
  });
});
