import { describe, expect, it } from 'vitest';
import {
  applyStatus,
  chartEditorReducer,
  chartProblems,
  clickSurface,
  clickTooth,
  diffCharts,
  emptyChart,
  initialEditorState,
  LOWER_TEETH,
  ODONTOGRAM_MESSAGES,
  odontogramSaveSchema,
  resetChart,
  setToothNotes,
  SURFACES,
  surfaceName,
  PERMANENT_TEETH,
  TOOTH_IDS,
  toothEntry,
  existingMark,
  TOOTH_NOTES_MAX,
  TOOTH_STATUS_LABELS,
  TOOTH_STATUSES,
  toothInfo,
  UPPER_TEETH,
  chartDentition,
  chartServiceIds,
  chartTeeth,
  DENTITIONS,
  healthyTooth,
  odontogramChartSchema,
  PRIMARY_TEETH,
  stampDone,
  markDoneByNote,
  treatmentsDone,
  type OdontogramChart,
} from './odontogram.ts';

describe('teeth and surfaces', () => {
  it('has the 32 FDI teeth in drawing order, quadrants 1-2 above and 4-3 below', () => {
    expect(UPPER_TEETH).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28]);
    expect(LOWER_TEETH).toEqual([48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38]);
    expect(new Set(PERMANENT_TEETH).size).toBe(32);
    expect(new Set(TOOTH_IDS).size).toBe(52);
    expect(toothInfo(36)).toEqual({
      id: 36,
      quadrant: 3,
      position: 6,
      row: 'inferior',
      anterior: false,
      primary: false,
    });
    expect(toothInfo(13)).toEqual({
      id: 13,
      quadrant: 1,
      position: 3,
      row: 'superior',
      anterior: true,
      primary: false,
    });
    expect(toothInfo(75)).toEqual({
      id: 75,
      quadrant: 3,
      position: 5,
      row: 'inferior',
      anterior: false,
      primary: true,
    });
  });

  it('has the seven statuses with the glossary labels', () => {
    expect(TOOTH_STATUSES.map((s) => TOOTH_STATUS_LABELS[s])).toEqual([
      'Sano',
      'Caries',
      'Obturado',
      'Ausente',
      'Corona',
      'Puente',
      'Implante',
    ]);
  });

  it('names each surface anatomically by arch, side of the midline and tooth type', () => {
    // Upper right molar (drawn left of the midline): mesial faces right.
    expect(SURFACES.map((s) => surfaceName(16, s))).toEqual(['vestibular', 'mesial', 'palatino', 'distal', 'oclusal']);
    // Upper left incisor: mesial faces left.
    expect(SURFACES.map((s) => surfaceName(21, s))).toEqual(['vestibular', 'distal', 'palatino', 'mesial', 'incisal']);
    // Lower left premolar: lingual above, vestibular below.
    expect(SURFACES.map((s) => surfaceName(34, s))).toEqual(['lingual', 'distal', 'vestibular', 'mesial', 'oclusal']);
    // Lower right canine.
    expect(SURFACES.map((s) => surfaceName(43, s))).toEqual(['lingual', 'mesial', 'vestibular', 'distal', 'incisal']);
  });
});

describe('selection (spec 000 §4)', () => {
  it('clicking a tooth selects it whole', () => {
    expect(clickTooth(null, 11)).toEqual({ tooth: 11, surface: null });
  });
  it('clicking the selected whole tooth again deselects it', () => {
    expect(clickTooth({ tooth: 11, surface: null }, 11)).toBeNull();
  });
  it('clicking another tooth, or a tooth whose surface is selected, selects that whole tooth', () => {
    expect(clickTooth({ tooth: 11, surface: null }, 12)).toEqual({ tooth: 12, surface: null });
    expect(clickTooth({ tooth: 11, surface: 'top' }, 11)).toEqual({ tooth: 11, surface: null });
  });
  it('clicking a surface selects that surface', () => {
    const chart = emptyChart();
    expect(clickSurface(chart, null, 26, 'center')).toEqual({ tooth: 26, surface: 'center' });
    expect(clickSurface(chart, { tooth: 26, surface: 'center' }, 26, 'left')).toEqual({ tooth: 26, surface: 'left' });
  });
  it('a missing tooth has no surfaces: clicking one selects the whole tooth', () => {
    const chart = applyStatus(emptyChart(), { tooth: 26, surface: null }, 'missing');
    expect(clickSurface(chart, null, 26, 'center')).toEqual({ tooth: 26, surface: null });
  });
});

describe('applying a status (spec 000 §4)', () => {
  it('on a whole tooth sets its status and leaves its surfaces', () => {
    const before = applyStatus(emptyChart(), { tooth: 14, surface: 'top' }, 'cavity');
    const after = applyStatus(before, { tooth: 14, surface: null }, 'crown');
    expect(toothEntry(after, 14).estado).toBe('crown');
    expect(toothEntry(after, 14).superficies.top.estado).toBe('cavity');
    expect(toothEntry(after, 15)).toEqual(toothEntry(before, 15));
  });
  it('Ausente on a whole tooth also sets all five surfaces to Ausente', () => {
    const chart = applyStatus(emptyChart(), { tooth: 38, surface: null }, 'missing');
    expect(toothEntry(chart, 38).estado).toBe('missing');
    expect(Object.values(toothEntry(chart, 38).superficies).map((m) => m.estado)).toEqual([
      'missing',
      'missing',
      'missing',
      'missing',
      'missing',
    ]);
    expect(chartProblems(chart)).toEqual([]);
  });
  it('a tooth that stops being Ausente gets its surfaces back as Sano', () => {
    const missing = applyStatus(emptyChart(), { tooth: 38, surface: null }, 'missing');
    const implant = applyStatus(missing, { tooth: 38, surface: null }, 'implant');
    expect(toothEntry(implant, 38)).toEqual({
      ...existingMark('implant'),
      superficies: toothEntry(emptyChart(), 38).superficies,
      notas: '',
    });
  });
  it('with a surface selected only that surface changes', () => {
    const chart = applyStatus(emptyChart(), { tooth: 46, surface: 'center' }, 'filled');
    expect(toothEntry(chart, 46).estado).toBe('healthy');
    expect(SURFACES.map((s) => toothEntry(chart, 46).superficies[s].estado)).toEqual([
      'healthy',
      'healthy',
      'healthy',
      'healthy',
      'filled',
    ]);
    expect(diffCharts(emptyChart(), chart)).toEqual([
      { tooth: 46, field: 'center', before: 'Sano', after: 'Obturado' },
    ]);
  });
  it('changes nothing without a selection, with the same status, or on a surface of a missing tooth', () => {
    const chart = emptyChart();
    expect(applyStatus(chart, null, 'cavity')).toBe(chart);
    expect(applyStatus(chart, { tooth: 11, surface: null }, 'healthy')).toBe(chart);
    const missing = applyStatus(chart, { tooth: 11, surface: null }, 'missing');
    expect(applyStatus(missing, { tooth: 11, surface: 'top' }, 'cavity')).toBe(missing);
  });
  it('does not modify the chart it is given', () => {
    const chart = emptyChart();
    applyStatus(chart, { tooth: 11, surface: null }, 'missing');
    expect(chart).toEqual(emptyChart());
  });
  it('reset sets every tooth to Sano without notes', () => {
    expect(resetChart()).toEqual(emptyChart());
    for (const id of PERMANENT_TEETH) expect(toothEntry(resetChart(), id).estado).toBe('healthy');
    expect(Object.keys(resetChart())).toHaveLength(32);
  });
});

describe('the editor state (spec 000 §4: unsaved flag)', () => {
  const start = initialEditorState();
  it('starts clean with nothing selected', () => {
    expect(start).toEqual({ chart: emptyChart(), selection: null, dirty: false });
  });
  it('selecting does not mark the chart unsaved; a change does', () => {
    const selected = chartEditorReducer(start, { type: 'clickTooth', tooth: 21 });
    expect(selected.dirty).toBe(false);
    const applied = chartEditorReducer(selected, { type: 'apply', status: 'bridge' });
    expect(applied.dirty).toBe(true);
    expect(toothEntry(applied.chart, 21).estado).toBe('bridge');
    expect(applied.selection).toEqual({ tooth: 21, surface: null });
  });
  it('applying without a change leaves the flag alone', () => {
    expect(chartEditorReducer(start, { type: 'apply', status: 'cavity' })).toBe(start);
  });
  it('notes are a change', () => {
    const s = chartEditorReducer(start, { type: 'setNotes', tooth: 11, notas: 'Sensibilidad al frío' });
    expect(s.dirty).toBe(true);
    expect(toothEntry(s.chart, 11).notas).toBe('Sensibilidad al frío');
    expect(setToothNotes(s.chart, 11, 'Sensibilidad al frío')).toBe(s.chart);
  });
  it('save clears the flag and keeps the chart and selection', () => {
    const s = chartEditorReducer(
      chartEditorReducer(chartEditorReducer(start, { type: 'clickTooth', tooth: 21 }), {
        type: 'apply',
        status: 'crown',
      }),
      { type: 'saved' },
    );
    expect(s.dirty).toBe(false);
    expect(toothEntry(s.chart, 21).estado).toBe('crown');
    // With the chart as stored (done entries stamped by the server), the screen shows that one.
    const stored = stampDone(
      applyStatus(s.chart, s.selection, 'crown', { etapa: 'realizado', servicioId: null }),
      s.chart,
      DONE,
    );
    const after = chartEditorReducer({ ...s, dirty: true }, { type: 'saved', chart: stored });
    expect(toothEntry(after.chart, 21).realizado).toEqual(DONE);
    expect(after).toMatchObject({ dirty: false, selection: { tooth: 21, surface: null } });
    expect(s.selection).toEqual({ tooth: 21, surface: null });
  });
  it('reset sets every tooth Sano and clears selection and flag', () => {
    let s = chartEditorReducer(start, { type: 'clickSurface', tooth: 21, surface: 'top' });
    s = chartEditorReducer(s, { type: 'apply', status: 'cavity' });
    s = chartEditorReducer(s, { type: 'reset' });
    expect(s).toEqual({ chart: emptyChart(), selection: null, dirty: false });
  });
  it('clear selection and load', () => {
    const s = chartEditorReducer(chartEditorReducer(start, { type: 'clickTooth', tooth: 21 }), {
      type: 'clearSelection',
    });
    expect(s.selection).toBeNull();
    const other = applyStatus(emptyChart(), { tooth: 11, surface: null }, 'implant');
    expect(chartEditorReducer({ ...s, dirty: true }, { type: 'load', chart: other })).toEqual({
      chart: other,
      selection: null,
      dirty: false,
    });
  });
});

describe('chart rules checked on save', () => {
  const valid = (): OdontogramChart => applyStatus(emptyChart(), { tooth: 18, surface: null }, 'missing');
  type JsonMark = { estado: string; etapa: string; servicioId: string | null; realizado: unknown };
  type JsonTooth = JsonMark & { superficies: Record<string, JsonMark | string>; notas: string };
  const asJson = (chart: unknown) => JSON.parse(JSON.stringify(chart)) as Record<string, JsonTooth>;

  it('accepts a chart the screen produces (as JSON) and trims notes', () => {
    const chart = asJson(setToothNotes(valid(), 12, '  Fractura  '));
    const parsed = odontogramSaveSchema.parse({ baseVersion: 3, chart });
    expect(toothEntry(parsed.chart, 12).notas).toBe('Fractura');
    expect(toothEntry(parsed.chart, 18).estado).toBe('missing');
  });
  it('refuses an unknown tooth id', () => {
    const chart = asJson(valid());
    chart['19'] = chart['18'];
    expect(chartProblems(chart)).toEqual([ODONTOGRAM_MESSAGES.unknownTooth('19')]);
  });
  it('refuses a chart missing a tooth', () => {
    const chart = asJson(valid());
    delete chart['31'];
    expect(chartProblems(chart)).toEqual(['Falta el diente 31 en el odontograma']);
  });
  it('refuses Ausente with a surface that is not Ausente', () => {
    const chart = asJson(valid());
    chart['18'].superficies.center = { ...existingMark('cavity') };
    expect(chartProblems(chart)).toEqual(['El diente 18 está Ausente: todas sus superficies deben estar Ausentes']);
  });
  it('refuses unknown statuses and surfaces', () => {
    const chart = asJson(valid());
    chart['11'].estado = 'broken';
    chart['12'].superficies.top = 'broken';
    chart['13'].superficies.inside = 'healthy';
    // In drawing order: 13, 12, 11.
    expect(chartProblems(chart)).toEqual([
      'La superficie «inside» del diente 13 no existe',
      'El estado de la superficie vestibular del diente 12 no es válido',
      'El estado del diente 11 no es válido',
    ]);
  });
  it('refuses notes that are too long', () => {
    const chart = asJson(valid());
    chart['21'].notas = 'x'.repeat(TOOTH_NOTES_MAX + 1);
    expect(chartProblems(chart)).toEqual([
      `Las notas del diente 21 no pueden superar los ${TOOTH_NOTES_MAX} caracteres`,
    ]);
    chart['21'].notas = 'x'.repeat(TOOTH_NOTES_MAX);
    expect(chartProblems(chart)).toEqual([]);
  });
  it('refuses what is not a chart, and a bad base version, with the Spanish message', () => {
    expect(chartProblems(null)).toEqual([ODONTOGRAM_MESSAGES.notChart]);
    expect(chartProblems([])).toEqual([ODONTOGRAM_MESSAGES.notChart]);
    const result = odontogramSaveSchema.safeParse({ baseVersion: -1, chart: { 11: 'x' } });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain(ODONTOGRAM_MESSAGES.baseVersionInvalid);
    expect(messages).toContain('Los datos del diente 11 no son válidos');
  });
});

const SERVICE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const DONE = { fecha: '2030-01-02T10:00:00.000Z', autor: { id: 'u1', nombre: 'Laura' }, notaId: null };

describe('etapas (issue 22)', () => {
  const planned = { etapa: 'planificado', servicioId: SERVICE } as const;
  it('a planned status names its service; Sano is always existente', () => {
    const chart = applyStatus(emptyChart(), { tooth: 36, surface: 'center' }, 'filled', planned);
    expect(toothEntry(chart, 36).superficies.center).toEqual({
      estado: 'filled',
      etapa: 'planificado',
      servicioId: SERVICE,
      realizado: null,
    });
    expect(chartProblems(chart)).toEqual([]);
    expect(chartServiceIds(chart)).toEqual([SERVICE]);
    const healthy = applyStatus(chart, { tooth: 36, surface: 'center' }, 'healthy', planned);
    expect(toothEntry(healthy, 36).superficies.center).toEqual(existingMark('healthy'));
    expect(diffCharts(chart, healthy)).toEqual([
      { tooth: 36, field: 'center', before: 'Obturado (planificado)', after: 'Sano' },
    ]);
  });
  it('a plan done keeps its service; the server stamps when it became done and keeps that stamp after', () => {
    const plannedChart = applyStatus(emptyChart(), { tooth: 11, surface: null }, 'crown', planned);
    const done = applyStatus(plannedChart, { tooth: 11, surface: null }, 'crown', {
      etapa: 'realizado',
      servicioId: null,
    });
    expect(toothEntry(done, 11)).toMatchObject({ etapa: 'realizado', servicioId: SERVICE, realizado: null });
    const stamped = stampDone(done, plannedChart, DONE);
    expect(toothEntry(stamped, 11).realizado).toEqual(DONE);
    // Saved again later: the first stamp stays, whatever the screen sends.
    const forged = {
      ...stamped,
      11: { ...toothEntry(stamped, 11), realizado: { ...DONE, fecha: '1999-01-01T00:00:00.000Z' } },
    };
    const later = stampDone(forged, stamped, { ...DONE, fecha: '2031-01-01T00:00:00.000Z' });
    expect(toothEntry(later, 11).realizado).toEqual(DONE);
    // Done in another status: a new stamp.
    const other = applyStatus(stamped, { tooth: 11, surface: null }, 'implant', {
      etapa: 'realizado',
      servicioId: null,
    });
    expect(
      toothEntry(stampDone(other, stamped, { ...DONE, notaId: null, fecha: '2031-01-01T00:00:00.000Z' }), 11).realizado
        ?.fecha,
    ).toBe('2031-01-01T00:00:00.000Z');
  });
  it('refuses a planned entry without a service, a stage on Sano, a service on an existing entry, unknown etapas and forged done data', () => {
    const chart = JSON.parse(JSON.stringify(emptyChart())) as Record<
      string,
      Record<string, unknown> & { superficies: Record<string, Record<string, unknown>> }
    >;
    chart['11'] = { ...chart['11'], estado: 'crown', etapa: 'planificado' };
    chart['12'] = { ...chart['12'], etapa: 'realizado' };
    chart['13'] = { ...chart['13'], servicioId: SERVICE };
    chart['14'] = { ...chart['14'], estado: 'cavity', etapa: 'hecho' };
    chart['15'] = { ...chart['15'], estado: 'filled', etapa: 'existente', realizado: DONE };
    chart['16'].superficies.top = {
      estado: 'filled',
      etapa: 'planificado',
      servicioId: 'no-es-un-id',
      realizado: null,
    };
    expect(chartProblems(chart)).toEqual([
      'Diente 16, vestibular: el servicio no es válido',
      'Diente 15: los datos de realización no son válidos',
      'La etapa diente 14 no es válida',
      'Diente 13: solo un tratamiento planificado o realizado lleva servicio',
      'Diente 12: un estado Sano no puede estar planificado ni realizado',
      'Diente 11: un tratamiento planificado necesita un servicio del catálogo',
    ]);
  });
  it('reads a chart saved before etapas as all existente', () => {
    const legacy: Record<string, unknown> = {};
    for (const id of PERMANENT_TEETH)
      legacy[id] = {
        estado: 'healthy',
        superficies: { top: 'healthy', right: 'healthy', bottom: 'healthy', left: 'healthy', center: 'healthy' },
        notas: '',
      };
    legacy['26'] = {
      estado: 'crown',
      superficies: { top: 'cavity', right: 'healthy', bottom: 'healthy', left: 'healthy', center: 'healthy' },
      notas: 'x',
    };
    expect(chartProblems(legacy)).toEqual([]);
    const chart = odontogramChartSchema.parse(legacy);
    expect(toothEntry(chart, 26)).toMatchObject({ ...existingMark('crown'), notas: 'x' });
    expect(toothEntry(chart, 26).superficies.top).toEqual(existingMark('cavity'));
    expect(chartDentition(chart)).toBe('permanente');
  });
});

describe('dentición (issue 22)', () => {
  it('a temporal chart has the 20 primary teeth, a mixed one all 52', () => {
    expect(chartTeeth(emptyChart('temporal'))).toEqual([...PRIMARY_TEETH]);
    expect(chartTeeth(emptyChart('mixta'))).toHaveLength(52);
    for (const d of DENTITIONS) {
      expect(chartDentition(emptyChart(d))).toBe(d);
      expect(chartProblems(emptyChart(d))).toEqual([]);
    }
  });
  it('switching keeps the teeth both have, adds the others healthy, and is a change', () => {
    let s = initialEditorState();
    s = chartEditorReducer(s, { type: 'clickTooth', tooth: 16 });
    s = chartEditorReducer(s, { type: 'apply', status: 'cavity' });
    s = chartEditorReducer(s, { type: 'saved' });
    const mixed = chartEditorReducer(s, { type: 'setDentition', denticion: 'mixta' });
    expect(mixed.dirty).toBe(true);
    expect(toothEntry(mixed.chart, 16).estado).toBe('cavity');
    expect(mixed.chart[55]).toEqual(healthyTooth());
    const temporal = chartEditorReducer(mixed, { type: 'setDentition', denticion: 'temporal' });
    expect(temporal.chart[16]).toBeUndefined();
    expect(temporal.selection).toBeNull();
    expect(chartEditorReducer(temporal, { type: 'setDentition', denticion: 'temporal' })).toBe(temporal);
    expect(chartEditorReducer(temporal, { type: 'reset' }).chart).toEqual(emptyChart('temporal'));
    expect(diffCharts(mixed.chart, temporal.chart)[0]).toEqual({
      tooth: 18,
      field: 'diente',
      before: 'En la carta',
      after: 'No está',
    });
  });
  it('names primary surfaces like the permanent teeth they precede', () => {
    expect(SURFACES.map((s) => surfaceName(55, s))).toEqual(['vestibular', 'mesial', 'palatino', 'distal', 'oclusal']);
    expect(SURFACES.map((s) => surfaceName(72, s))).toEqual(['lingual', 'distal', 'vestibular', 'mesial', 'incisal']);
  });
  it('refuses a chart mixing part of a dentición with another', () => {
    const chart: OdontogramChart = { ...emptyChart(), 55: healthyTooth() };
    expect(chartProblems(chart)[0]).toBe(ODONTOGRAM_MESSAGES.mixedDentition);
    const temporal: OdontogramChart = emptyChart('temporal');
    delete temporal[85];
    expect(chartProblems(temporal)).toEqual(['Falta el diente 85 en el odontograma']);
  });
});

describe('a signed note marks its procedures done (issue 22)', () => {
  const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
  const NOTE = { ...DONE, notaId: 'c0ffee00-0000-4000-8000-000000000001' };
  const plan = (servicioId: string) => ({ etapa: 'planificado', servicioId }) as const;
  it('every planned entry of the services becomes done, stamped with the note; others are untouched', () => {
    let chart = applyStatus(emptyChart(), { tooth: 36, surface: 'center' }, 'filled', plan(SERVICE));
    chart = applyStatus(chart, { tooth: 11, surface: null }, 'crown', plan(SERVICE));
    chart = applyStatus(chart, { tooth: 21, surface: null }, 'crown', plan(OTHER));
    const out = markDoneByNote(chart, [SERVICE], NOTE);
    if (!out) throw new Error('expected a chart');
    expect(toothEntry(out, 36).superficies.center).toEqual({
      estado: 'filled',
      etapa: 'realizado',
      servicioId: SERVICE,
      realizado: NOTE,
    });
    expect(toothEntry(out, 36).superficies.top).toEqual(existingMark('healthy'));
    expect(toothEntry(out, 11)).toMatchObject({ estado: 'crown', etapa: 'realizado', realizado: NOTE });
    expect(toothEntry(out, 21)).toEqual(toothEntry(chart, 21));
    expect(chartProblems(out)).toEqual([]);
    // Signing another note of the same service later: already done, nothing to do.
    expect(markDoneByNote(out, [SERVICE], { ...NOTE, notaId: 'other' })).toBeNull();
  });
  it('no planned entry of those services: null', () => {
    expect(markDoneByNote(emptyChart(), [SERVICE], NOTE)).toBeNull();
    const chart = applyStatus(emptyChart(), { tooth: 21, surface: null }, 'crown', plan(OTHER));
    expect(markDoneByNote(chart, [SERVICE], NOTE)).toBeNull();
    expect(markDoneByNote(chart, [], NOTE)).toBeNull();
  });
});

describe('work done between two charts (issue 23)', () => {
  const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
  const plan = (servicioId: string) => ({ etapa: 'planificado', servicioId }) as const;
  const done = (servicioId: string) => ({ etapa: 'realizado', servicioId }) as const;
  let before = applyStatus(emptyChart(), { tooth: 36, surface: 'center' }, 'filled', plan(SERVICE));
  before = applyStatus(before, { tooth: 36, surface: 'top' }, 'filled', plan(SERVICE));
  before = applyStatus(before, { tooth: 11, surface: null }, 'crown', plan(SERVICE));
  before = applyStatus(before, { tooth: 21, surface: null }, 'crown', plan(OTHER));

  it('is each planned treatment whose every entry is done, of its service, in the chart after', () => {
    let after = applyStatus(before, { tooth: 11, surface: null }, 'crown', done(SERVICE));
    after = applyStatus(after, { tooth: 36, surface: 'center' }, 'filled', done(SERVICE));
    // 36 is half done (one of its two surfaces): not yet.
    expect(treatmentsDone(before, after)).toEqual([{ diente: 11, superficies: [], servicioId: SERVICE }]);
    after = applyStatus(after, { tooth: 36, surface: 'top' }, 'filled', done(SERVICE));
    expect(treatmentsDone(before, after)).toEqual([
      { diente: 11, superficies: [], servicioId: SERVICE },
      { diente: 36, superficies: ['top', 'center'], servicioId: SERVICE },
    ]);
    // What a signed note marks is the same work.
    expect(treatmentsDone(before, markDoneByNote(before, [SERVICE], DONE)!)).toEqual(treatmentsDone(before, after));
  });

  it('is not a plan removed, done as another service, or already done before', () => {
    let after = applyStatus(before, { tooth: 11, surface: null }, 'healthy');
    after = applyStatus(after, { tooth: 21, surface: null }, 'crown', done(SERVICE));
    expect(treatmentsDone(before, after)).toEqual([]);
    const already = applyStatus(before, { tooth: 11, surface: null }, 'crown', done(SERVICE));
    expect(treatmentsDone(already, already)).toEqual([]);
  });
});
