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
export const TOOTH_IDS = [...UPPER_TEETH, ...LOWER_TEETH] as const;
export type ToothId = (typeof TOOTH_IDS)[number];

const TOOTH_ID_SET: ReadonlySet<number> = new Set(TOOTH_IDS);
export const isToothId = (value: unknown): value is ToothId => typeof value === 'number' && TOOTH_ID_SET.has(value);
/** A chart key ("18") as a tooth id, or null when it names no tooth. */
export const parseToothId = (key: string): ToothId | null => {
  const n = /^\d{2}$/.test(key) ? Number(key) : NaN;
  return isToothId(n) ? n : null;
};

export type ToothArch = 'superior' | 'inferior';
export type ToothInfo = {
  id: ToothId;
  /** 1-4 (FDI): 1 upper right, 2 upper left, 3 lower left, 4 lower right (the patient's sides). */
  quadrant: 1 | 2 | 3 | 4;
  /** 1-8 from the midline (1 central incisor … 8 third molar). */
  position: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  row: ToothArch;
  /** Incisors and canines (positions 1-3) bite with an edge; premolars and molars with a surface. */
  anterior: boolean;
};

export function toothInfo(id: ToothId): ToothInfo {
  const quadrant = Math.floor(id / 10) as ToothInfo['quadrant'];
  const position = (id % 10) as ToothInfo['position'];
  return { id, quadrant, position, row: quadrant <= 2 ? 'superior' : 'inferior', anterior: position <= 3 };
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

export type ToothSurfaces = Record<Surface, ToothStatus>;
/** One tooth of the chart (spec 000 §3 Tooth chart entry; its id is its key in the chart). */
export type ToothEntry = { estado: ToothStatus; superficies: ToothSurfaces; notas: string };
/** A complete chart: every one of the 32 teeth, keyed by its FDI number. Stored whole in each version. */
export type OdontogramChart = Record<ToothId, ToothEntry>;

const allSurfaces = (status: ToothStatus): ToothSurfaces => ({
  top: status,
  right: status,
  bottom: status,
  left: status,
  center: status,
});

export const healthyTooth = (): ToothEntry => ({ estado: 'healthy', superficies: allSurfaces('healthy'), notas: '' });

/** Every tooth healthy, no notes: the chart of a patient never charted (version 0). */
export function emptyChart(): OdontogramChart {
  const chart = {} as OdontogramChart;
  for (const id of TOOTH_IDS) chart[id] = healthyTooth();
  return chart;
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
  if (chart[tooth].estado === 'missing') return { tooth, surface: null };
  return { tooth, surface };
}

/** 'Limpiar selección'. */
export const clearSelection = (): ChartSelection => null;

/**
 * Applies a status to the selection (spec 000 §4): to a whole tooth it sets the tooth's status, and Ausente
 * also sets all five surfaces to Ausente (a tooth that stops being Ausente gets its surfaces back as Sano,
 * ours: the spec does not say); with a surface selected only that surface changes (not on a missing tooth,
 * which has no surfaces). Returns the same chart object when nothing changes, so `next !== chart` tells
 * whether the chart became unsaved.
 */
export function applyStatus(chart: OdontogramChart, selection: ChartSelection, status: ToothStatus): OdontogramChart {
  if (!selection) return chart;
  const tooth = chart[selection.tooth];
  let next: ToothEntry;
  if (selection.surface === null) {
    if (tooth.estado === status) return chart;
    const superficies =
      status === 'missing'
        ? allSurfaces('missing')
        : tooth.estado === 'missing'
          ? allSurfaces('healthy')
          : tooth.superficies;
    next = { ...tooth, estado: status, superficies };
  } else {
    if (tooth.estado === 'missing' || tooth.superficies[selection.surface] === status) return chart;
    next = { ...tooth, superficies: { ...tooth.superficies, [selection.surface]: status } };
  }
  return { ...chart, [selection.tooth]: next };
}

/** Sets a tooth's notes; the same chart object when they do not change. */
export function setToothNotes(chart: OdontogramChart, tooth: ToothId, notas: string): OdontogramChart {
  if (chart[tooth].notas === notas) return chart;
  return { ...chart, [tooth]: { ...chart[tooth], notas } };
}

/** 'Restablecer' (after confirmation): every tooth Sano. Notes go too: the chart starts over. */
export const resetChart = (): OdontogramChart => emptyChart();

/** The editing state of the screen: the chart, the selection and the 'Cambios sin guardar' flag. */
export type ChartEditorState = { chart: OdontogramChart; selection: ChartSelection; dirty: boolean };
export type ChartEditorAction =
  | { type: 'load'; chart: OdontogramChart }
  | { type: 'clickTooth'; tooth: ToothId }
  | { type: 'clickSurface'; tooth: ToothId; surface: Surface }
  | { type: 'clearSelection' }
  | { type: 'apply'; status: ToothStatus }
  | { type: 'setNotes'; tooth: ToothId; notas: string }
  | { type: 'saved' }
  | { type: 'reset' };

export const initialEditorState = (chart: OdontogramChart = emptyChart()): ChartEditorState => ({
  chart,
  selection: null,
  dirty: false,
});

/**
 * The screen's reducer (spec 000 §4): any change marks the chart unsaved, saving clears the flag, reset
 * sets every tooth Sano and clears selection and flag. Loading (a patient's current chart, or a reload
 * after a conflict) starts clean.
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
      const chart = applyStatus(state.chart, state.selection, action.status);
      return chart === state.chart ? state : { ...state, chart, dirty: true };
    }
    case 'setNotes': {
      const chart = setToothNotes(state.chart, action.tooth, action.notas);
      return chart === state.chart ? state : { ...state, chart, dirty: true };
    }
    case 'saved':
      return { ...state, dirty: false };
    case 'reset':
      return { chart: resetChart(), selection: null, dirty: false };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Differences between two charts (the history view highlights them)

export type ToothChange = {
  tooth: ToothId;
  /** 'estado', 'notas' or a surface key. */
  field: 'estado' | 'notas' | Surface;
  before: string;
  after: string;
};

/** What changed from `before` to `after`, tooth by tooth in drawing order. */
export function diffCharts(before: OdontogramChart, after: OdontogramChart): ToothChange[] {
  const changes: ToothChange[] = [];
  for (const tooth of TOOTH_IDS) {
    const a = before[tooth];
    const b = after[tooth];
    if (a.estado !== b.estado) changes.push({ tooth, field: 'estado', before: a.estado, after: b.estado });
    for (const s of SURFACES) {
      if (a.superficies[s] !== b.superficies[s])
        changes.push({ tooth, field: s, before: a.superficies[s], after: b.superficies[s] });
    }
    if (a.notas !== b.notas) changes.push({ tooth, field: 'notas', before: a.notas, after: b.notas });
  }
  return changes;
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
  toothInvalid: (id: ToothId) => `Los datos del diente ${id} no son válidos`,
  unknownStatus: (id: ToothId) => `El estado del diente ${id} no es válido`,
  unknownSurface: (id: ToothId, key: string) => `La superficie «${key}» del diente ${id} no existe`,
  missingSurface: (id: ToothId, surface: Surface) =>
    `Falta la superficie ${surfaceLabel(id, surface).toLowerCase()} del diente ${id}`,
  unknownSurfaceStatus: (id: ToothId, surface: Surface) =>
    `El estado de la superficie ${surfaceLabel(id, surface).toLowerCase()} del diente ${id} no es válido`,
  missingWithSurface: (id: ToothId) => `El diente ${id} está Ausente: todas sus superficies deben estar Ausentes`,
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

/**
 * Everything wrong with a chart, as Spanish messages (empty when it is valid): it must name exactly the
 * 32 teeth, each with a known status, the five surfaces with known statuses, notes of at most
 * TOOTH_NOTES_MAX characters, and a missing tooth has all five surfaces missing.
 */
export function chartProblems(input: unknown): string[] {
  const m = ODONTOGRAM_MESSAGES;
  if (!isObject(input)) return [m.notChart];
  const problems: string[] = [];
  for (const key of Object.keys(input)) if (parseToothId(key) === null) problems.push(m.unknownTooth(key));
  for (const id of TOOTH_IDS) {
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
    const surfaces = tooth.superficies;
    for (const key of Object.keys(surfaces)) {
      if (!(SURFACES as readonly string[]).includes(key)) problems.push(m.unknownSurface(id, key));
    }
    for (const s of SURFACES) {
      if (surfaces[s] === undefined) problems.push(m.missingSurface(id, s));
      else if (!isToothStatus(surfaces[s])) problems.push(m.unknownSurfaceStatus(id, s));
    }
    if (tooth.estado === 'missing' && SURFACES.some((s) => surfaces[s] !== 'missing'))
      problems.push(m.missingWithSurface(id));
    const notas = tooth.notas ?? '';
    if (typeof notas !== 'string') problems.push(m.notesInvalid(id));
    else if (notas.trim().length > TOOTH_NOTES_MAX) problems.push(m.notesTooLong(id));
    else if (!hasOnlyAllowedCharacters(notas, { multiline: true })) problems.push(m.notesCharacters(id));
    for (const key of Object.keys(tooth)) {
      if (key !== 'estado' && key !== 'superficies' && key !== 'notas') problems.push(m.toothInvalid(id));
    }
  }
  return problems;
}

/** A valid chart, copied to exactly the known keys, with trimmed notes. Only call on a chart without problems. */
function normalizeChart(input: OdontogramChart): OdontogramChart {
  const chart = {} as OdontogramChart;
  for (const id of TOOTH_IDS) {
    const t = input[id];
    const superficies = {} as ToothSurfaces;
    for (const s of SURFACES) superficies[s] = t.superficies[s];
    chart[id] = { estado: t.estado, superficies, notas: (t.notas ?? '').trim() };
  }
  return chart;
}

/** A chart as sent by the screen: refused with the first of `chartProblems` (each is reported). */
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
