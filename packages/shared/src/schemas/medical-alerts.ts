import { z } from 'zod';
import { optionalEnum, optionalText } from './fields.ts';

/**
 * A patient's medical alerts (antecedentes, issue 22): allergies, current medication (anticoagulants
 * flagged) and conditions, each dated and signed by the member who recorded it. Nothing is deleted: an
 * alert that no longer holds is withdrawn (retirada), with its date and who withdrew it, and stays in
 * the full list. The short list (`alertas`, short labels) travels with every answer where staff meet the
 * patient (their record, the chart, an appointment, the calendar, the patient picker) and is built by
 * one SQL definition in the API (features/medical-alerts).
 */
export const ALERT_KINDS = ['alergia', 'medicacion', 'condicion'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  alergia: 'Alergia',
  medicacion: 'Medicación actual',
  condicion: 'Condición',
};

export const ALERT_CONDITIONS = ['diabetes', 'hipertension', 'cardiopatia', 'embarazo', 'otra'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export const ALERT_CONDITION_LABELS: Record<AlertCondition, string> = {
  diabetes: 'Diabetes',
  hipertension: 'Hipertensión',
  cardiopatia: 'Cardiopatía',
  embarazo: 'Embarazo',
  otra: 'Otra',
};

/** The short label of an anticoagulant, whatever its name (the badge says what matters for a procedure). */
export const ANTICOAGULANT_LABEL = 'Anticoagulante';
/** The prefix of an allergy's short label: 'Alergia a penicilina'. */
export const ALLERGY_LABEL_PREFIX = 'Alergia a ';

export const ALERT_DESCRIPTION_MAX = 200;

export const MEDICAL_ALERT_MESSAGES = {
  kindInvalid: 'Elige el tipo de antecedente',
  allergyRequired: 'Escribe a qué es alérgico el paciente',
  medicationRequired: 'Escribe el medicamento',
  conditionRequired: 'Elige la condición',
  conditionInvalid: 'La condición no es válida',
  otherRequired: 'Describe la condición',
  notFound: 'Antecedente no encontrado',
  alreadyWithdrawn: 'Este antecedente ya estaba retirado',
  created: 'Antecedente registrado',
  withdrawn: 'Antecedente retirado',
  createError: 'No se pudo registrar el antecedente',
  withdrawError: 'No se pudo retirar el antecedente',
  loadError: 'No se pudieron cargar los antecedentes',
  empty: 'Sin antecedentes registrados',
  badgeName: (labels: readonly string[]) => `Alertas médicas: ${labels.join(', ')}`,
} as const;

/**
 * A new alert (`POST /api/pacientes/{id}/antecedentes`). One flat shape for the three kinds (the form
 * edits one object): the description is required for an allergy, a medication and a condition 'otra';
 * the condition code only for a condition; the anticoagulant flag only for a medication (false
 * otherwise). What the kind does not use is stored as null.
 */
export const createMedicalAlertSchema = z
  .object({
    tipo: z.enum(ALERT_KINDS, { error: MEDICAL_ALERT_MESSAGES.kindInvalid }),
    descripcion: optionalText(ALERT_DESCRIPTION_MAX),
    anticoagulante: z.boolean().optional().default(false),
    condicion: optionalEnum(ALERT_CONDITIONS, MEDICAL_ALERT_MESSAGES.conditionInvalid),
  })
  .superRefine((v, ctx) => {
    const need = (path: 'descripcion' | 'condicion', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.tipo === 'alergia' && !v.descripcion) need('descripcion', MEDICAL_ALERT_MESSAGES.allergyRequired);
    if (v.tipo === 'medicacion' && !v.descripcion) need('descripcion', MEDICAL_ALERT_MESSAGES.medicationRequired);
    if (v.tipo === 'condicion' && !v.condicion) need('condicion', MEDICAL_ALERT_MESSAGES.conditionRequired);
    if (v.tipo === 'condicion' && v.condicion === 'otra' && !v.descripcion)
      need('descripcion', MEDICAL_ALERT_MESSAGES.otherRequired);
  })
  .transform((v) => ({
    tipo: v.tipo,
    descripcion: v.tipo === 'condicion' && v.condicion !== 'otra' ? null : v.descripcion,
    anticoagulante: v.tipo === 'medicacion' && v.anticoagulante,
    condicion: v.tipo === 'condicion' ? v.condicion : null,
  }));
export type MedicalAlertFormValues = z.input<typeof createMedicalAlertSchema>;
export type CreateMedicalAlertData = z.output<typeof createMedicalAlertSchema>;

const instant = z.iso.datetime({ precision: 3 });
/** A member as an alert names them: their name when they acted (id null once their account is gone). */
const memberSchema = z.strictObject({ id: z.string().nullable(), nombre: z.string() });

/** An alert in the full list (`GET /api/pacientes/{id}/antecedentes`, permission historia.ver). */
export const medicalAlertSchema = z.strictObject({
  id: z.string(),
  tipo: z.enum(ALERT_KINDS),
  descripcion: z.string().nullable(),
  anticoagulante: z.boolean(),
  condicion: z.enum(ALERT_CONDITIONS).nullable(),
  /** Its short label, as the badge shows it (null: not an alert the badge shows, a medication that is no anticoagulant). */
  etiqueta: z.string().nullable(),
  fechaRegistro: instant,
  autor: memberSchema,
  /** Null while it holds. */
  retirada: z.strictObject({ fecha: instant, autor: memberSchema }).nullable(),
});
export type MedicalAlert = z.infer<typeof medicalAlertSchema>;

/** The full list: the ones that hold first (newest first), then the withdrawn ones. */
export const medicalAlertListSchema = z.strictObject({ antecedentes: z.array(medicalAlertSchema) });
export type MedicalAlertList = z.infer<typeof medicalAlertListSchema>;

/** The short list carried by the answers where staff meet the patient: the labels of the alerts that hold. */
export const alertLabelsSchema = z.array(z.string());
