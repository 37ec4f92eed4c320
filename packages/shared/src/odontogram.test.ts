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
  TOOTH_IDS,
  TOOTH_NOTES_MAX,
  TOOTH_STATUS_LABELS,
  TOOTH_STATUSES,
  toothInfo,
  UPPER_TEETH,
  type OdontogramChart,
} from './odontogram.ts';

describe('teeth and surfaces', () => {
  it('has the 32 FDI teeth in drawing order, quadrants 1-2 above and 4-3 below', () => {
    expect(UPPER_TEETH).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28]);
    expect(LOWER_TEETH).toEqual([48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38]);
    expect(new Set(TOOTH_IDS).size).toBe(32);
    expect(toothInfo(36)).toEqual({ id: 36, quadrant: 3, position: 6, row: 'inferior', anterior: false });
    expect(toothInfo(13)).toEqual({ id: 13, quadrant: 1, position: 3, row: 'superior', anterior: true });
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
    expect(after[14].estado).toBe('crown');
    expect(after[14].superficies.top).toBe('cavity');
    expect(after[15]).toEqual(before[15]);
  });
  it('Ausente on a whole tooth also sets all five surfaces to Ausente', () => {
    const chart = applyStatus(emptyChart(), { tooth: 38, surface: null }, 'missing');
    expect(chart[38].estado).toBe('missing');
    expect(Object.values(chart[38].superficies)).toEqual(['missing', 'missing', 'missing', 'missing', 'missing']);
    expect(chartProblems(chart)).toEqual([]);
  });
  it('a tooth that stops being Ausente gets its surfaces back as Sano', () => {
    const missing = applyStatus(emptyChart(), { tooth: 38, surface: null }, 'missing');
    const implant = applyStatus(missing, { tooth: 38, surface: null }, 'implant');
    expect(implant[38]).toEqual({ estado: 'implant', superficies: emptyChart()[38].superficies, notas: '' });
  });
  it('with a surface selected only that surface changes', () => {
    const chart = applyStatus(emptyChart(), { tooth: 46, surface: 'center' }, 'filled');
    expect(chart[46].estado).toBe('healthy');
    expect(chart[46].superficies).toEqual({
      top: 'healthy',
      right: 'healthy',
      bottom: 'healthy',
      left: 'healthy',
      center: 'filled',
    });
    expect(diffCharts(emptyChart(), chart)).toEqual([
      { tooth: 46, field: 'center', before: 'healthy', after: 'filled' },
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
    for (const id of TOOTH_IDS) expect(resetChart()[id].estado).toBe('healthy');
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
    expect(applied.chart[21].estado).toBe('bridge');
    expect(applied.selection).toEqual({ tooth: 21, surface: null });
  });
  it('applying without a change leaves the flag alone', () => {
    expect(chartEditorReducer(start, { type: 'apply', status: 'cavity' })).toBe(start);
  });
  it('notes are a change', () => {
    const s = chartEditorReducer(start, { type: 'setNotes', tooth: 11, notas: 'Sensibilidad al frío' });
    expect(s.dirty).toBe(true);
    expect(s.chart[11].notas).toBe('Sensibilidad al frío');
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
    expect(s.chart[21].estado).toBe('crown');
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
  type JsonTooth = { estado: string; superficies: Record<string, string>; notas: string };
  const asJson = (chart: unknown) => JSON.parse(JSON.stringify(chart)) as Record<string, JsonTooth>;

  it('accepts a chart the screen produces (as JSON) and trims notes', () => {
    const chart = asJson(setToothNotes(valid(), 12, '  Fractura  '));
    const parsed = odontogramSaveSchema.parse({ baseVersion: 3, chart });
    expect(parsed.chart[12].notas).toBe('Fractura');
    expect(parsed.chart[18].estado).toBe('missing');
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
    chart['18'].superficies.center = 'cavity';
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
