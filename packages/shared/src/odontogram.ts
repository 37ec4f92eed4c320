import { z } from 'zod';
import { hasOnlyAllowedCharacters, pageNumber } from './schemas/fields.ts';
import { PATIENT_MESSAGES } from './schemas/patients.ts';
import { alertLabelsSchema } from './schemas/medical-alerts.ts';

/**
 * The odontogram (spec 000 §2 Odontograma, §3 Tooth chart entry, §4 Tooth, §5 Tooth chart reset; DESIGN §1
 * and §8): the teeth, their surfaces and statuses, and the PURE rules of the chart. The screen edits with
 * these functions and the server checks every save with `chartProblems` / `odontogramSaveSchema`, so a
 * chart the screen cannot produce is never stored.
 *
 * Keys are the spec's (statuses healthy … implant, surfaces top … center); labels are Spanish (DESIGN §8).
 */

// ---------------------------------------------------------------------------------------------------------
// Teeth (FDI numbering)

/** Upper row as drawn, left to right: quadrant 1 (18-11) then quadrant 2 (21-28). */
export const UPPER_TEETH = [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28] as const;
/** Lower row as drawn, left to right: quadrant 4 (48-41) then quadrant 3 (31-38). */
export const LOWER_TEETH = [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38] as const;
/** The 32 permanent teeth, in drawing order (upper row, then lower row). */
export const PERMANENT_TEETH = [...UPPER_TEETH, ...LOWER_TEETH] as const;
/** Upper primary row as drawn: quadrant 5 (55-51) then quadrant 6 (61-65). */
export const UPPER_PRIMARY_TEETH = [55, 54, 53, 52, 51, 61, 62, 63, 64, 65] as const;
/** Lower primary row as drawn: quadrant 8 (85-81) then quadrant 7 (71-75). */
export const LOWER_PRIMARY_TEETH = [85, 84, 83, 82, 81, 71, 72, 73, 74, 75] as const;
/** The 20 primary (temporal) teeth, in drawing order. */
export const PRIMARY_TEETH = [...UPPER_PRIMARY_TEETH, ...LOWER_PRIMARY_TEETH] as const;
/** Every tooth a chart can name: the 32 permanent and the 20 primary teeth. */
export const TOOTH_IDS = [...PERMANENT_TEETH, ...PRIMARY_TEETH] as const;
export type ToothId = (typeof TOOTH_IDS)[number];

const TOOTH_ID_SET: ReadonlySet<number> = new Set(TOOTH_IDS);
export const isToothId = (value: unknown): value is ToothId => typeof value === 'number' && TOOTH_ID_SET.has(value);
/** A chart key ("18") as a tooth id, or null when it names no tooth. */
export const parseToothId = (key: string): ToothId | null => {
  const n = /^\d{2}$/.test(key) ? Number(key) : NaN;
  return isToothId(n) ? n : null;
};
const PRIMARY_SET: ReadonlySet<number> = new Set(PRIMARY_TEETH);
export const isPrimaryTooth = (id: ToothId): boolean => PRIMARY_SET.has(id);

/**
 * The dentición of a chart: the permanent teeth, the primary teeth (a child), or both (the mixed
 * dentition of a child changing teeth). The chart's tooth set follows it, and it is told by that set.
 */
export const DENTITIONS = ['permanente', 'temporal', 'mixta'] as const;
export type Dentition = (typeof DENTITIONS)[number];
export const DENTITION_LABELS: Record<Dentition, string> = {
  permanente: 'Permanente',
  temporal: 'Temporal',
  mixta: 'Mixta',
};
/** The teeth of each dentición, in drawing order. */
export const DENTITION_TEETH: Record<Dentition, readonly ToothId[]> = {
  permanente: PERMANENT_TEETH,
  temporal: PRIMARY_TEETH,
  mixta: TOOTH_IDS,
};

/**
 * The rows of the drawn chart for a dentición, top to bottom, 16 columns each (8 per quadrant); null is
 * an empty place. The primary teeth sit under (upper) or over (lower) the permanent teeth they come
 * before, the usual mixed chart: 55-51 in columns 4-8, 61-65 in columns 9-13.
 */
export type ChartRow = { arch: 'superior' | 'inferior'; primary: boolean; teeth: readonly (ToothId | null)[] };
const pad3 = [null, null, null] as const;
const UPPER_PERMANENT_ROW: ChartRow = { arch: 'superior', primary: false, teeth: UPPER_TEETH };
const LOWER_PERMANENT_ROW: ChartRow = { arch: 'inferior', primary: false, teeth: LOWER_TEETH };
const UPPER_PRIMARY_ROW: ChartRow = {
  arch: 'superior',
  primary: true,
  teeth: [...pad3, ...UPPER_PRIMARY_TEETH, ...pad3],
};
const LOWER_PRIMARY_ROW: ChartRow = {
  arch: 'inferior',
  primary: true,
  teeth: [...pad3, ...LOWER_PRIMARY_TEETH, ...pad3],
};
export const DENTITION_ROWS: Record<Dentition, readonly ChartRow[]> = {
  permanente: [UPPER_PERMANENT_ROW, LOWER_PERMANENT_ROW],
  temporal: [UPPER_PRIMARY_ROW, LOWER_PRIMARY_ROW],
  mixta: [UPPER_PERMANENT_ROW, UPPER_PRIMARY_ROW, LOWER_PRIMARY_ROW, LOWER_PERMANENT_ROW],
};

export type ToothArch = 'superior' | 'inferior';
export type ToothInfo = {
  id: ToothId;
  /** 1-4 (FDI; a primary tooth's quadrant 5-8 is told as 1-4): 1 upper right, 2 upper left, 3 lower left, 4 lower right (the patient's sides). */
  quadrant: 1 | 2 | 3 | 4;
  /** 1-8 from the midline (1 central incisor … 8 third molar; primary teeth 1-5). */
  position: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  row: ToothArch;
  /** Incisors and canines (positions 1-3) bite with an edge; premolars and molars with a surface. */
  anterior: boolean;
  primary: boolean;
};

export function toothInfo(id: ToothId): ToothInfo {
  const primary = isPrimaryTooth(id);
  const quadrant = (Math.floor(id / 10) - (primary ? 4 : 0)) as ToothInfo['quadrant'];
  const position = (id % 10) as ToothInfo['position'];
  return { id, quadrant, position, row: quadrant <= 2 ? 'superior' : 'inferior', anterior: position <= 3, primary };
}

// ---------------------------------------------------------------------------------------------------------
// Surfaces and statuses

/** The five surfaces of a drawn tooth (spec keys). */
export const SURFACES = ['top', 'right', 'bottom', 'left', 'center'] as const;
export type Surface = (typeof SURFACES)[number];

export type SurfaceName = 'vestibular' | 'palatino' | 'lingual' | 'mesial' | 'distal' | 'oclusal' | 'incisal';
export const SURFACE_NAME_LABELS: Record<SurfaceName, string> = {
  vestibular: 'Vestibular',
  palatino: 'Palatino',
  lingual: 'Lingual',
  mesial: 'Mesial',
  distal: 'Distal',
  oclusal: 'Oclusal',
  incisal: 'Incisal',
};

/**
 * The anatomical name of a drawn surface (DESIGN §8). The chart is drawn as seen facing the patient:
 * the outer edge of each row (top of the upper row, bottom of the lower row) is vestibular and the inner
 * edge palatino (upper) or lingual (lower); the side towards the midline is mesial (right for quadrants
 * 1 and 4, drawn on the left; left for quadrants 2 and 3) and the other distal; the centre is the biting
 * surface, incisal for incisors and canines, oclusal for premolars and molars.
 */
export function surfaceName(id: ToothId, surface: Surface): SurfaceName {
  const { quadrant, row, anterior } = toothInfo(id);
  switch (surface) {
    case 'center':
      return anterior ? 'incisal' : 'oclusal';
    case 'top':
      return row === 'superior' ? 'vestibular' : 'lingual';
    case 'bottom':
      return row === 'superior' ? 'palatino' : 'vestibular';
    case 'right':
      return quadrant === 1 || quadrant === 4 ? 'mesial' : 'distal';
    case 'left':
      return quadrant === 1 || quadrant === 4 ? 'distal' : 'mesial';
  }
}
export const surfaceLabel = (id: ToothId, surface: Surface): string => SURFACE_NAME_LABELS[surfaceName(id, surface)];

/** The seven statuses (spec 000 §3), in legend order. */
export const TOOTH_STATUSES = ['healthy', 'cavity', 'filled', 'missing', 'crown', 'bridge', 'implant'] as const;
export type ToothStatus = (typeof TOOTH_STATUSES)[number];
export const TOOTH_STATUS_LABELS: Record<ToothStatus, string> = {
  healthy: 'Sano',
  cavity: 'Caries',
  filled: 'Obturado',
  missing: 'Ausente',
  crown: 'Corona',
  bridge: 'Puente',
  implant: 'Implante',
};
const STATUS_SET: ReadonlySet<unknown> = new Set(TOOTH_STATUSES);
export const isToothStatus = (value: unknown): value is ToothStatus => STATUS_SET.has(value);

// ---------------------------------------------------------------------------------------------------------
// The chart

/** Versions per page of 'Historial'. */
export const ODONTOGRAM_HISTORY_PAGE_SIZE = 20;

/** Per-tooth notes (spec 000 §3 notes): at most this many characters. */
export const TOOTH_NOTES_MAX = 500;

/**
 * The etapa of an entry (issue 22): found or done before (existente, drawn in its status's colour),
 * to be done here (planificado, red, linked to a service of the clinic's catalogue) or done here
 * (realizado, blue, with the date and author the server sets, and the note that records it).
 */
export const CHART_STAGES = ['existente', 'planificado', 'realizado'] as const;
export type ChartStage = (typeof CHART_STAGES)[number];
export const CHART_STAGE_LABELS: Record<ChartStage, string> = {
  existente: 'Existente',
  planificado: 'Planificado',
  realizado: 'Realizado',
};
const STAGE_SET: ReadonlySet<unknown> = new Set(CHART_STAGES);
export const isChartStage = (value: unknown): value is ChartStage => STAGE_SET.has(value);

/** When, by whom and in which note an entry was done here: set by the server, never by the screen. */
export type ChartDone = { fecha: string; autor: { id: string | null; nombre: string }; notaId: string | null };

/**
 * What a tooth or one of its surfaces has: a status and its etapa; a planned entry names the catalogue
 * service (`servicioId`, kept when it is done), a done one carries `realizado` (null only in what the
 * screen sends: the server stamps it).
 */
export type ChartMark = {
  estado: ToothStatus;
  etapa: ChartStage;
  servicioId: string | null;
  realizado: ChartDone | null;
};
export type ToothSurfaces = Record<Surface, ChartMark>;
/** One tooth of the chart (spec 000 §3 Tooth chart entry; its id is its key in the chart). */
export type ToothEntry = ChartMark & { superficies: ToothSurfaces; notas: string };
/**
 * A complete chart: every tooth of one dentición (and no other), keyed by its FDI number. Stored whole
 * in each version, so a change of dentición is a new version like any other change.
 */
export type OdontogramChart = Partial<Record<ToothId, ToothEntry>>;

/** An existing entry in that status. */
export const existingMark = (estado: ToothStatus): ChartMark => ({
  estado,
  etapa: 'existente',
  servicioId: null,
  realizado: null,
});

const allSurfaces = (mark: ChartMark): ToothSurfaces => ({
  top: mark,
  right: mark,
  bottom: mark,
  left: mark,
  center: mark,
});

export const healthyTooth = (): ToothEntry => ({
  ...existingMark('healthy'),
  superficies: allSurfaces(existingMark('healthy')),
  notas: '',
});

/** The teeth of a chart, in drawing order. */
export const chartTeeth = (chart: OdontogramChart): ToothId[] => TOOTH_IDS.filter((id) => chart[id] !== undefined);

/** The dentición a chart's teeth make (see `chartProblems` for the exact sets). */
export function chartDentition(chart: OdontogramChart | Record<string, unknown>): Dentition {
  const keys = Object.keys(chart).map(parseToothId);
  const primary = keys.some((id) => id !== null && isPrimaryTooth(id));
  const permanent = keys.some((id) => id !== null && !isPrimaryTooth(id));
  return primary ? (permanent ? 'mixta' : 'temporal') : 'permanente';
}

/** A tooth of the chart (a healthy one for a tooth it does not have: callers draw only the chart's teeth). */
export const toothEntry = (chart: OdontogramChart, id: ToothId): ToothEntry => chart[id] ?? healthyTooth();

/** Every tooth of the dentición healthy, no notes: the chart of a patient never charted is the permanent one (version 0). */
export function emptyChart(denticion: Dentition = 'permanente'): OdontogramChart {
  const chart: OdontogramChart = {};
  for (const id of DENTITION_TEETH[denticion]) chart[id] = healthyTooth();
  return chart;
}

/**
 * Changes the chart's dentición: the teeth both have keep their entries, the new ones start healthy,
 * the others leave the chart (they stay in the versions before). The same chart when it does not change.
 */
export function setDentition(chart: OdontogramChart, denticion: Dentition): OdontogramChart {
  if (chartDentition(chart) === denticion) return chart;
  const next: OdontogramChart = {};
  for (const id of DENTITION_TEETH[denticion]) next[id] = chart[id] ?? healthyTooth();
  return next;
}

// ---------------------------------------------------------------------------------------------------------
// Selection and the transitions of spec 000 §4 (Tooth)

/** What is selected: nothing, a whole tooth (surface null) or one surface of a tooth. */
export type ChartSelection = { tooth: ToothId; surface: Surface | null } | null;

/** Clicking a tooth selects it; clicking the selected whole tooth again deselects it. */
export function clickTooth(selection: ChartSelection, tooth: ToothId): ChartSelection {
  if (selection && selection.tooth === tooth && selection.surface === null) return null;
  return { tooth, surface: null };
}

/**
 * Clicking one of the five surfaces selects that surface. A missing tooth is drawn as a dash and has no
 * surfaces to click: the click selects the whole tooth (so Ausente never gets a surface of another status).
 */
export function clickSurface(
  chart: OdontogramChart,
  _selection: ChartSelection,
  tooth: ToothId,
  surface: Surface,
): ChartSelection {
  if (toothEntry(chart, tooth).estado === 'missing') return { tooth, surface: null };
  return { tooth, surface };
}

/** 'Limpiar selección'. */
export const clearSelection = (): ChartSelection => null;

/** What the panel applies: a status in an etapa (a planned one with its service). */
export type ChartStageChoice = { etapa: ChartStage; servicioId: string | null };
export const EXISTING: ChartStageChoice = { etapa: 'existente', servicioId: null };

/**
 * The mark a status gets in the chosen etapa. Sano is always existente (there is nothing to plan or do);
 * a planned mark names its service; a done one keeps the service of the plan it completes, and its
 * `realizado` is left for the server to stamp (kept when the entry was already done in that status).
 */
export function markFor(status: ToothStatus, stage: ChartStageChoice, before: ChartMark | null): ChartMark {
  if (status === 'healthy' || stage.etapa === 'existente') return existingMark(status);
  if (stage.etapa === 'planificado')
    return { estado: status, etapa: 'planificado', servicioId: stage.servicioId, realizado: null };
  const same = before && before.etapa === 'realizado' && before.estado === status;
  return {
    estado: status,
    etapa: 'realizado',
    servicioId: stage.servicioId ?? (before?.estado === status ? before.servicioId : null),
    realizado: same ? before.realizado : null,
  };
}

const sameMark = (a: ChartMark, b: ChartMark) =>
  a.estado === b.estado && a.etapa === b.etapa && a.servicioId === b.servicioId && a.realizado === b.realizado;
const markOf = (entry: ToothEntry): ChartMark => ({
  estado: entry.estado,
  etapa: entry.etapa,
  servicioId: entry.servicioId,
  realizado: entry.realizado,
});

/**
 * Applies a status (in an etapa, existente when not said) to the selection (spec 000 §4): to a whole
 * tooth it sets the tooth's mark, and Ausente also sets all five surfaces to Ausente (a tooth that stops
 * being Ausente gets its surfaces back as Sano, ours: the spec does not say); with a surface selected only
 * that surface changes (not on a missing tooth, which has no surfaces). Returns the same chart object when
 * nothing changes, so `next !== chart` tells whether the chart became unsaved.
 */
export function applyStatus(
  chart: OdontogramChart,
  selection: ChartSelection,
  status: ToothStatus,
  stage: ChartStageChoice = EXISTING,
): OdontogramChart {
  if (!selection) return chart;
  const tooth = chart[selection.tooth];
  if (!tooth) return chart;
  let next: ToothEntry;
  if (selection.surface === null) {
    const mark = markFor(status, stage, markOf(tooth));
    if (sameMark(mark, tooth)) return chart;
    const superficies =
      status === 'missing'
        ? allSurfaces(existingMark('missing'))
        : tooth.estado === 'missing'
          ? allSurfaces(existingMark('healthy'))
          : tooth.superficies;
    next = { ...tooth, ...mark, superficies };
  } else {
    const before = tooth.superficies[selection.surface];
    const mark = markFor(status, stage, before);
    if (tooth.estado === 'missing' || sameMark(mark, before)) return chart;
    next = { ...tooth, superficies: { ...tooth.superficies, [selection.surface]: mark } };
  }
  return { ...chart, [selection.tooth]: next };
}

/** Sets a tooth's notes; the same chart object when they do not change. */
export function setToothNotes(chart: OdontogramChart, tooth: ToothId, notas: string): OdontogramChart {
  const entry = chart[tooth];
  if (!entry || entry.notas === notas) return chart;
  return { ...chart, [tooth]: { ...entry, notas } };
}

/** 'Restablecer' (after confirmation): every tooth Sano, in the same dentición. Notes go too: the chart starts over. */
export const resetChart = (denticion: Dentition = 'permanente'): OdontogramChart => emptyChart(denticion);

/** The editing state of the screen: the chart, the selection and the 'Cambios sin guardar' flag. */
export type ChartEditorState = { chart: OdontogramChart; selection: ChartSelection; dirty: boolean };
export type ChartEditorAction =
  | { type: 'load'; chart: OdontogramChart }
  | { type: 'clickTooth'; tooth: ToothId }
  | { type: 'clickSurface'; tooth: ToothId; surface: Surface }
  | { type: 'clearSelection' }
  | { type: 'apply'; status: ToothStatus; stage?: ChartStageChoice }
  | { type: 'setNotes'; tooth: ToothId; notas: string }
  | { type: 'setDentition'; denticion: Dentition }
  /** Saved: with the chart as the server stored it (done entries stamped) when nothing changed since. */
  | { type: 'saved'; chart?: OdontogramChart }
  | { type: 'reset' };

export const initialEditorState = (chart: OdontogramChart = emptyChart()): ChartEditorState => ({
  chart,
  selection: null,
  dirty: false,
});

/**
 * The screen's reducer (spec 000 §4): any change marks the chart unsaved, saving clears the flag, reset
 * sets every tooth Sano (same dentición) and clears selection and flag. Loading (a patient's current
 * chart, or a reload after a conflict) starts clean. Changing the dentición is a change like another,
 * and drops a selection of a tooth the new dentición does not have.
 */
export function chartEditorReducer(state: ChartEditorState, action: ChartEditorAction): ChartEditorState {
  switch (action.type) {
    case 'load':
      return initialEditorState(action.chart);
    case 'clickTooth':
      return { ...state, selection: clickTooth(state.selection, action.tooth) };
    case 'clickSurface':
      return { ...state, selection: clickSurface(state.chart, state.selection, action.tooth, action.surface) };
    case 'clearSelection':
      return { ...state, selection: clearSelection() };
    case 'apply': {
      const chart = applyStatus(state.chart, state.selection, action.status, action.stage);
      return chart === state.chart ? state : { ...state, chart, dirty: true };
    }
    case 'setNotes': {
      const chart = setToothNotes(state.chart, action.tooth, action.notas);
      return chart === state.chart ? state : { ...state, chart, dirty: true };
    }
    case 'setDentition': {
      const chart = setDentition(state.chart, action.denticion);
      if (chart === state.chart) return state;
      const selection = state.selection && chart[state.selection.tooth] ? state.selection : null;
      return { chart, selection, dirty: true };
    }
    case 'saved':
      return { ...state, chart: action.chart ?? state.chart, dirty: false };
    case 'reset':
      return { chart: resetChart(chartDentition(state.chart)), selection: null, dirty: false };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Differences between two charts (the history view highlights them)

export type ToothChange = {
  tooth: ToothId;
  /** 'estado', 'notas', a surface key, or 'diente' for a tooth one chart has and the other not. */
  field: 'estado' | 'notas' | 'diente' | Surface;
  before: string;
  after: string;
};

/** A mark as the history lists it: the status, and the etapa when it is not existente. */
export const markText = (mark: ChartMark): string =>
  mark.etapa === 'existente'
    ? TOOTH_STATUS_LABELS[mark.estado]
    : `${TOOTH_STATUS_LABELS[mark.estado]} (${CHART_STAGE_LABELS[mark.etapa].toLowerCase()})`;
const sameEntry = (a: ChartMark, b: ChartMark) =>
  a.estado === b.estado && a.etapa === b.etapa && a.servicioId === b.servicioId;

/** What changed from `before` to `after`, tooth by tooth in drawing order (statuses and etapas as `markText`). */
export function diffCharts(before: OdontogramChart, after: OdontogramChart): ToothChange[] {
  const changes: ToothChange[] = [];
  for (const tooth of TOOTH_IDS) {
    const a = before[tooth];
    const b = after[tooth];
    if (!a && !b) continue;
    if (!a || !b) {
      changes.push({
        tooth,
        field: 'diente',
        before: a ? 'En la carta' : 'No está',
        after: b ? 'En la carta' : 'No está',
      });
      continue;
    }
    if (!sameEntry(a, b)) changes.push({ tooth, field: 'estado', before: markText(a), after: markText(b) });
    for (const s of SURFACES) {
      if (!sameEntry(a.superficies[s], b.superficies[s]))
        changes.push({ tooth, field: s, before: markText(a.superficies[s]), after: markText(b.superficies[s]) });
    }
    if (a.notas !== b.notas) changes.push({ tooth, field: 'notas', before: a.notas, after: b.notas });
  }
  return changes;
}

/** The catalogue services a chart's entries name (planned, or done from a plan), each once. */
export function chartServiceIds(chart: OdontogramChart): string[] {
  const ids = new Set<string>();
  for (const id of chartTeeth(chart)) {
    const t = toothEntry(chart, id);
    for (const m of [t, ...SURFACES.map((s) => t.superficies[s])]) if (m.servicioId) ids.add(m.servicioId);
  }
  return [...ids];
}

/** A planned treatment of the chart: a service on a whole tooth, or on some of its surfaces. */
export type PlannedTreatment = { diente: ToothId; superficies: Surface[]; servicioId: string };

/**
 * The chart's planned entries as treatments, in drawing order (issue 23: a budget's lines): a planned
 * tooth is one treatment on the whole tooth; its planned surfaces are one treatment per service, with
 * the surfaces that service plans.
 */
export function plannedTreatments(chart: OdontogramChart): PlannedTreatment[] {
  const out: PlannedTreatment[] = [];
  for (const diente of chartTeeth(chart)) {
    const t = toothEntry(chart, diente);
    if (t.etapa === 'planificado' && t.servicioId) out.push({ diente, superficies: [], servicioId: t.servicioId });
    const bySurface = new Map<string, Surface[]>();
    for (const s of SURFACES) {
      const m = t.superficies[s];
      if (m.etapa !== 'planificado' || !m.servicioId || (t.etapa === 'planificado' && m.servicioId === t.servicioId))
        continue;
      bySurface.set(m.servicioId, [...(bySurface.get(m.servicioId) ?? []), s]);
    }
    for (const [servicioId, superficies] of bySurface) out.push({ diente, superficies, servicioId });
  }
  return out;
}

/**
 * The planned treatments of `before` that `after` records done (issue 23): each of its entries (the
 * tooth, or its surfaces) is `realizado` in `after`, of the same service. Whoever marks it (a signed
 * note, a budget line, the chart's own 'Realizado'), that is work done; a plan removed or re-planned is not.
 */
export function treatmentsDone(before: OdontogramChart, after: OdontogramChart): PlannedTreatment[] {
  return plannedTreatments(before).filter(({ diente, superficies, servicioId }) => {
    const tooth = toothEntry(after, diente);
    const done = (mark: ChartMark) => mark.etapa === 'realizado' && mark.servicioId === servicioId;
    return superficies.length === 0 ? done(tooth) : superficies.every((s) => done(tooth.superficies[s]));
  });
}

/**
 * Stamps the chart's done entries (the server, on a save): an entry done in the same status in the chart
 * it was edited from keeps its date, author and note; any other done entry gets `done` (now, the member
 * saving, no note yet). Whatever `realizado` the screen sent is not trusted.
 */
export function stampDone(chart: OdontogramChart, base: OdontogramChart, done: ChartDone): OdontogramChart {
  const stamp = (mark: ChartMark, before: ChartMark | undefined): ChartMark => {
    if (mark.etapa !== 'realizado') return mark;
    const kept = before && before.etapa === 'realizado' && before.estado === mark.estado ? before.realizado : null;
    return { ...mark, realizado: kept ?? done };
  };
  const out: OdontogramChart = {};
  for (const id of chartTeeth(chart)) {
    const t = toothEntry(chart, id);
    const b = base[id];
    const superficies = {} as ToothSurfaces;
    for (const s of SURFACES) superficies[s] = stamp(t.superficies[s], b?.superficies[s]);
    out[id] = { ...t, ...stamp(t, b), superficies, notas: t.notas };
  }
  return out;
}

/**
 * What a signed note records on the chart (issue 22): every planned entry (a tooth or a surface) whose
 * service is one of the note's procedures becomes done in the same status, stamped with `done` (the
 * signing time, the signer, the note) by `stampDone`; entries already done keep their stamp. Notes name
 * no teeth (the editor's 'Diente' only fills a template), so every planned entry of those services is
 * done. Null when no planned entry names any of them: nothing to save.
 */
export function markDoneByNote(
  chart: OdontogramChart,
  serviceIds: readonly string[],
  done: ChartDone,
): OdontogramChart | null {
  const services = new Set(serviceIds);
  return markPlannedDone(chart, (_tooth, _surface, mark) => services.has(mark.servicioId!), done);
}

/**
 * What marking one treatment done (a budget line, issue 23) records on the chart: its tooth's planned
 * entries of its service, on its surfaces, or on the whole tooth (and the surfaces planned with it) when
 * it names none. Null when the chart plans nothing of it there (a line without a tooth, or re-planned).
 */
export function markTreatmentDone(
  chart: OdontogramChart,
  treatment: { diente: number | null; superficies: readonly Surface[]; servicioId: string | null },
  done: ChartDone,
): OdontogramChart | null {
  const { diente, servicioId } = treatment;
  if (diente === null || !servicioId) return null;
  const surfaces = new Set(treatment.superficies);
  return markPlannedDone(
    chart,
    (tooth, surface, mark) =>
      tooth === diente &&
      mark.servicioId === servicioId &&
      (surfaces.size === 0 || (surface !== null && surfaces.has(surface))),
    done,
  );
}

/** Every planned entry with a service that `ours` picks turned done (`stampDone`), or null when none is. */
function markPlannedDone(
  chart: OdontogramChart,
  ours: (tooth: ToothId, surface: Surface | null, mark: ChartMark) => boolean,
  done: ChartDone,
): OdontogramChart | null {
  let matched = false;
  const flip = (tooth: ToothId, surface: Surface | null, mark: ChartMark): ChartMark => {
    if (mark.etapa !== 'planificado' || !mark.servicioId || !ours(tooth, surface, mark)) return mark;
    matched = true;
    return { ...mark, etapa: 'realizado', realizado: null };
  };
  const flipped: OdontogramChart = {};
  for (const id of chartTeeth(chart)) {
    const t = toothEntry(chart, id);
    const superficies = {} as ToothSurfaces;
    for (const s of SURFACES) superficies[s] = flip(id, s, t.superficies[s]);
    flipped[id] = { ...t, ...flip(id, null, t), superficies, notas: t.notas };
  }
  return matched ? stampDone(flipped, chart, done) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Validation: the rules every stored chart keeps

export const ODONTOGRAM_MESSAGES = {
  // DESIGN §8 (the spec's English texts, in Spanish).
  title: 'Carta Dental Interactiva',
  treatmentOptions: 'Opciones de tratamiento',
  clearSelection: 'Limpiar selección',
  save: 'Guardar cambios',
  reset: 'Restablecer',
  unsaved: 'Cambios sin guardar',
  savedTitle: 'Cambios guardados',
  savedDescription: 'El odontograma se ha actualizado',
  applied: (estado: string) => `Tratamiento aplicado: ${estado}`,
  resetDone: 'El odontograma se ha restablecido',
  resetConfirm: '¿Seguro que quieres restablecer todos los dientes a Sano? Esta acción no se puede deshacer.',
  // Ours, in the same voice.
  notChart: 'El odontograma no es válido',
  unknownTooth: (key: string) => `El diente ${key} no existe en el odontograma`,
  missingTooth: (id: ToothId) => `Falta el diente ${id} en el odontograma`,
  mixedDentition: 'Una dentición mixta lleva todos los dientes permanentes y todos los temporales',
  toothInvalid: (id: ToothId) => `Los datos del diente ${id} no son válidos`,
  unknownStatus: (id: ToothId) => `El estado del diente ${id} no es válido`,
  unknownSurface: (id: ToothId, key: string) => `La superficie «${key}» del diente ${id} no existe`,
  missingSurface: (id: ToothId, surface: Surface) =>
    `Falta la superficie ${surfaceLabel(id, surface).toLowerCase()} del diente ${id}`,
  unknownSurfaceStatus: (id: ToothId, surface: Surface) =>
    `El estado de la superficie ${surfaceLabel(id, surface).toLowerCase()} del diente ${id} no es válido`,
  missingWithSurface: (id: ToothId) => `El diente ${id} está Ausente: todas sus superficies deben estar Ausentes`,
  unknownStage: (where: string) => `La etapa ${where} no es válida`,
  healthyStage: (where: string) => `${where}: un estado Sano no puede estar planificado ni realizado`,
  plannedWithoutService: (where: string) => `${where}: un tratamiento planificado necesita un servicio del catálogo`,
  serviceInvalid: (where: string) => `${where}: el servicio no es válido`,
  serviceOutsidePlan: (where: string) => `${where}: solo un tratamiento planificado o realizado lleva servicio`,
  doneInvalid: (where: string) => `${where}: los datos de realización no son válidos`,
  unknownService: 'El servicio no existe en el catálogo de la clínica',
  notesInvalid: (id: ToothId) => `Las notas del diente ${id} no son válidas`,
  notesTooLong: (id: ToothId) => `Las notas del diente ${id} no pueden superar los ${TOOTH_NOTES_MAX} caracteres`,
  notesCharacters: (id: ToothId) => `Las notas del diente ${id} contienen caracteres no permitidos`,
  baseVersionInvalid: 'La versión de partida no es válida',
  // The server's answers.
  patientNotFound: PATIENT_MESSAGES.notFound,
  versionNotFound: 'Versión no encontrada',
  conflict: (version: number, autor: string) =>
    `${autor} guardó el odontograma (versión ${version}) mientras lo editabas. Recarga para ver la versión actual; tus cambios no se han guardado.`,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MARK_KEYS: ReadonlySet<string> = new Set(['estado', 'etapa', 'servicioId', 'realizado']);

/**
 * A chart as saved before etapas (issue 22): teeth without etapa and surfaces as bare statuses. Such an
 * entry reads as existente; anything else is left as it is for `chartProblems` to judge.
 */
function upgradeMark(value: unknown): unknown {
  if (typeof value === 'string') return existingMark(value as ToothStatus);
  if (isObject(value) && !('etapa' in value))
    return { ...value, etapa: 'existente', servicioId: null, realizado: null };
  return value;
}
export function upgradeLegacyChart(input: unknown): unknown {
  if (!isObject(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, tooth] of Object.entries(input)) {
    if (!isObject(tooth) || 'etapa' in tooth) {
      out[key] = tooth;
      continue;
    }
    const superficies = isObject(tooth.superficies)
      ? Object.fromEntries(Object.entries(tooth.superficies).map(([s, v]) => [s, upgradeMark(v)]))
      : tooth.superficies;
    out[key] = { ...(upgradeMark(tooth) as Record<string, unknown>), superficies };
  }
  return out;
}

/** The problems of one mark (a tooth's or a surface's), `where` naming it in the messages. */
function markProblems(mark: Record<string, unknown>, where: string): string[] {
  const m = ODONTOGRAM_MESSAGES;
  const problems: string[] = [];
  const { etapa, servicioId, realizado } = mark;
  if (!isChartStage(etapa)) return [m.unknownStage(where.toLowerCase())];
  if (etapa !== 'existente' && mark.estado === 'healthy') problems.push(m.healthyStage(where));
  if (servicioId !== null && servicioId !== undefined && (typeof servicioId !== 'string' || !UUID.test(servicioId)))
    problems.push(m.serviceInvalid(where));
  else if (etapa === 'planificado' && !servicioId) problems.push(m.plannedWithoutService(where));
  else if (etapa === 'existente' && servicioId) problems.push(m.serviceOutsidePlan(where));
  if (realizado !== null && realizado !== undefined) {
    const ok =
      etapa === 'realizado' &&
      isObject(realizado) &&
      typeof realizado.fecha === 'string' &&
      !Number.isNaN(Date.parse(realizado.fecha)) &&
      isObject(realizado.autor) &&
      typeof realizado.autor.nombre === 'string' &&
      (realizado.autor.id === null || typeof realizado.autor.id === 'string') &&
      (realizado.notaId === null || (typeof realizado.notaId === 'string' && UUID.test(realizado.notaId)));
    if (!ok) problems.push(m.doneInvalid(where));
  }
  return problems;
}

/**
 * Everything wrong with a chart, as Spanish messages (empty when it is valid): it must name exactly the
 * teeth of one dentición (the 32 permanent, the 20 primary, or all 52 for a mixed one), each with a known
 * status and etapa, the five surfaces likewise, notes of at most TOOTH_NOTES_MAX characters; a missing
 * tooth has all five surfaces missing; Sano is never planned nor done; a planned entry names a service
 * (an id: that it is one of the clinic's is the server's check), an existing one none; only a done entry
 * carries `realizado`. A chart saved before etapas reads as all existente (`upgradeLegacyChart`).
 */
export function chartProblems(raw: unknown): string[] {
  const m = ODONTOGRAM_MESSAGES;
  const input = upgradeLegacyChart(raw);
  if (!isObject(input)) return [m.notChart];
  const problems: string[] = [];
  for (const key of Object.keys(input)) if (parseToothId(key) === null) problems.push(m.unknownTooth(key));
  const denticion = chartDentition(input);
  const teeth = DENTITION_TEETH[denticion];
  if (denticion === 'mixta' && teeth.some((id) => input[id] === undefined)) problems.push(m.mixedDentition);
  for (const id of teeth) {
    const tooth = input[id];
    if (tooth === undefined) {
      problems.push(m.missingTooth(id));
      continue;
    }
    if (!isObject(tooth) || !isObject(tooth.superficies)) {
      problems.push(m.toothInvalid(id));
      continue;
    }
    if (!isToothStatus(tooth.estado)) problems.push(m.unknownStatus(id));
    problems.push(...markProblems(tooth, `Diente ${id}`));
    const surfaces = tooth.superficies;
    for (const key of Object.keys(surfaces)) {
      if (!(SURFACES as readonly string[]).includes(key)) problems.push(m.unknownSurface(id, key));
    }
    for (const s of SURFACES) {
      const surface = surfaces[s];
      if (surface === undefined) problems.push(m.missingSurface(id, s));
      else if (!isObject(surface) || !isToothStatus(surface.estado)) problems.push(m.unknownSurfaceStatus(id, s));
      else {
        problems.push(...markProblems(surface, `Diente ${id}, ${surfaceLabel(id, s).toLowerCase()}`));
        for (const key of Object.keys(surface)) if (!MARK_KEYS.has(key)) problems.push(m.unknownSurfaceStatus(id, s));
      }
    }
    if (
      tooth.estado === 'missing' &&
      SURFACES.some((s) => !isObject(surfaces[s]) || (surfaces[s] as Record<string, unknown>).estado !== 'missing')
    )
      problems.push(m.missingWithSurface(id));
    const notas = tooth.notas ?? '';
    if (typeof notas !== 'string') problems.push(m.notesInvalid(id));
    else if (notas.trim().length > TOOTH_NOTES_MAX) problems.push(m.notesTooLong(id));
    else if (!hasOnlyAllowedCharacters(notas, { multiline: true })) problems.push(m.notesCharacters(id));
    for (const key of Object.keys(tooth)) {
      if (!MARK_KEYS.has(key) && key !== 'superficies' && key !== 'notas') problems.push(m.toothInvalid(id));
    }
  }
  return [...new Set(problems)];
}

/** A valid mark copied to exactly its keys. */
const normalizeMark = (mark: ChartMark): ChartMark => ({
  estado: mark.estado,
  etapa: mark.etapa,
  servicioId: mark.servicioId ? mark.servicioId.toLowerCase() : null,
  realizado:
    mark.etapa === 'realizado' && mark.realizado
      ? {
          fecha: mark.realizado.fecha,
          autor: { id: mark.realizado.autor.id, nombre: mark.realizado.autor.nombre },
          notaId: mark.realizado.notaId ?? null,
        }
      : null,
});

/** A valid chart (legacy upgraded), copied to exactly the known keys, with trimmed notes. Only call on a chart without problems. */
function normalizeChart(raw: unknown): OdontogramChart {
  const input = upgradeLegacyChart(raw) as OdontogramChart;
  const chart: OdontogramChart = {};
  for (const id of chartTeeth(input)) {
    const t = toothEntry(input, id);
    const superficies = {} as ToothSurfaces;
    for (const s of SURFACES) superficies[s] = normalizeMark(t.superficies[s]);
    chart[id] = { ...normalizeMark(t), superficies, notas: (t.notas ?? '').trim() };
  }
  return chart;
}

/** A chart as sent by the screen or stored: refused with the first of `chartProblems` (each is reported). */
export const odontogramChartSchema = z
  .custom<OdontogramChart>(() => true)
  .superRefine((value, ctx) => {
    for (const message of chartProblems(value)) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normalizeChart);

/** The body of a save: the version the screen started from (0 for a patient never charted) and the chart. */
export const odontogramSaveSchema = z.object({
  baseVersion: z
    .number({ error: ODONTOGRAM_MESSAGES.baseVersionInvalid })
    .int(ODONTOGRAM_MESSAGES.baseVersionInvalid)
    .min(0, ODONTOGRAM_MESSAGES.baseVersionInvalid)
    .max(2_000_000_000, ODONTOGRAM_MESSAGES.baseVersionInvalid),
  chart: odontogramChartSchema,
});
export type OdontogramSaveInput = z.input<typeof odontogramSaveSchema>;

/** `?pagina=` of the history list. */
export const odontogramHistoryQuerySchema = z.object({ pagina: pageNumber });

/** A service the chart can plan (`GET /api/odontograma/servicios`): the clinic's active catalogue services. */
export const odontogramServiceSchema = z.strictObject({ id: z.string(), nombre: z.string() });
export type OdontogramService = z.infer<typeof odontogramServiceSchema>;

// ---------------------------------------------------------------------------------------------------------
// The answers of the API (/api/pacientes/{id}/odontograma, /versiones, /versiones/{n})

/** An instant as the API writes it (ISO 8601, UTC, milliseconds: as JSON.stringify writes a Date). */
const instant = z.iso.datetime({ precision: 3 });

/** Who saved a version: their name when they saved (their id is null once their account is gone). */
export const odontogramAuthorSchema = z.strictObject({ id: z.string().nullable(), nombre: z.string() });
export type OdontogramAuthor = z.infer<typeof odontogramAuthorSchema>;

/** A saved version (`PUT` answers the one it saved); version 0 (never charted) is the empty chart with no author nor date. */
export const odontogramVersionSchema = z.strictObject({
  version: z.number().int().nonnegative(),
  chart: odontogramChartSchema,
  autor: odontogramAuthorSchema.nullable(),
  fecha: instant.nullable(),
});
export type OdontogramVersion = z.infer<typeof odontogramVersionSchema>;

/** Whose chart it is, as the patient picker shows a patient: the chart screen needs no read of the record. */
export const odontogramPatientSchema = z.strictObject({
  id: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  telefono: z.string().nullable(),
  /** The short list of the patient's medical alerts (the badge). */
  alertas: alertLabelsSchema,
});
export type OdontogramPatient = z.infer<typeof odontogramPatientSchema>;

/** The current chart as the screen opens it (`GET`), with whose it is. */
export const odontogramViewSchema = odontogramVersionSchema.extend({ paciente: odontogramPatientSchema });
export type OdontogramView = z.infer<typeof odontogramViewSchema>;

/** A line of 'Historial'. */
export const odontogramVersionItemSchema = z.strictObject({
  version: z.number().int().positive(),
  fecha: instant,
  autor: odontogramAuthorSchema,
});
export type OdontogramVersionItem = z.infer<typeof odontogramVersionItemSchema>;

/** A page of 'Historial' (`GET /versiones`), newest first; `total` is the number of versions. */
export const odontogramVersionPageSchema = z.strictObject({
  versiones: z.array(odontogramVersionItemSchema),
  total: z.number().int().nonnegative(),
  pagina: z.number().int().positive(),
  porPagina: z.number().int().positive(),
});
export type OdontogramVersionPage = z.infer<typeof odontogramVersionPageSchema>;

/** One saved version (`GET /versiones/{n}`) with the one before it (null before version 1: the chart was empty). */
export const odontogramVersionDetailSchema = odontogramVersionSchema.extend({
  anterior: z.strictObject({ version: z.number().int().positive(), chart: odontogramChartSchema }).nullable(),
});
export type OdontogramVersionDetail = z.infer<typeof odontogramVersionDetailSchema>;
