import { z } from 'zod';
import { fileSlug } from '../names.ts';
import { isToothId } from '../odontogram.ts';
import { requiredText } from './fields.ts';

/**
 * Signed informed consents (consentimientos informados, issue 22; Ley 41/2002 art. 8-10 in Spain,
 * Ley 23/1981 and Res. 1995/1999 in Colombia). A clinic's templates are filled with the patient's and
 * the clinic's data; the patient (or a guardian, for a minor) and the professional sign on screen; the
 * server makes the PDF, keeps its SHA-256, and nothing about it changes afterwards. The contract between
 * `/plantillas-consentimientos`, `/pacientes/:id/consentimientos`, `/consentimientos/:id/pdf` and their
 * screens.
 */

export const CONSENT_SIGNERS = ['paciente', 'tutor'] as const;
export type ConsentSignerKind = (typeof CONSENT_SIGNERS)[number];
export const CONSENT_SIGNER_LABELS: Record<ConsentSignerKind, string> = {
  paciente: 'El paciente',
  tutor: 'Su representante legal (tutor)',
};

/** Below this age (in the clinic's calendar) a patient's consent is given by a guardian. */
export const MAJORITY_AGE = 18;
/** Each signature's PNG, decoded. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const CONSENT_TEMPLATE_TITLE_MAX = 120;
export const CONSENT_TEMPLATE_BODY_MAX = 20_000;
export const GUARDIAN_NAME_MAX = 120;
export const GUARDIAN_RELATION_MAX = 60;
export const CONSENT_TOOTH_MAX = 40;

/** What a refused signature says, in consents and budgets alike. */
export const SIGNATURE_MESSAGES = {
  invalid: 'La firma no es una imagen PNG válida',
  tooLarge: `La firma ocupa más de ${SIGNATURE_MAX_BYTES / 1024} KB`,
  blank: 'La firma está en blanco: firma en el recuadro',
} as const;

export const CONSENT_MESSAGES = {
  templateRequired: 'Elige la plantilla del consentimiento',
  templateUnknown: 'La plantilla no existe',
  templateTitleRequired: 'Escribe el título de la plantilla',
  templateBodyRequired: 'Escribe el texto de la plantilla',
  templateNotFound: 'Plantilla no encontrada',
  signerRequired: 'Indica quién firma el consentimiento',
  guardianRequired: 'Indica los datos del tutor que firma',
  guardianNameRequired: 'Escribe el nombre completo del tutor',
  guardianRelationRequired: 'Indica la relación del tutor con el paciente (madre, padre, tutor legal...)',
  minorNeedsGuardian:
    'El paciente es menor de 18 años: el consentimiento lo firma su tutor (madre, padre o representante legal)',
  toothRequired: 'Indica el diente o los dientes del tratamiento',
  toothInvalid: 'Escribe el diente con su número (por ejemplo, 36 o «36 y 37»)',
  patientSignatureRequired: 'Falta la firma del paciente o de su tutor',
  professionalSignatureRequired: 'Falta la firma del profesional',
  signatureInvalid: SIGNATURE_MESSAGES.invalid,
  signatureTooLarge: SIGNATURE_MESSAGES.tooLarge,
  signatureBlank: SIGNATURE_MESSAGES.blank,
  patientNotFound: 'Paciente no encontrado',
  consentNotFound: 'Consentimiento no encontrado',
  fileMissing: 'No se encontró el PDF del consentimiento',
  signed: 'Consentimiento firmado',
  signError: 'No se pudo firmar el consentimiento',
  loadError: 'No se pudieron cargar los consentimientos',
  empty: 'Sin consentimientos firmados',
} as const;

const M = CONSENT_MESSAGES;

const templateId = z
  .string({ error: M.templateRequired })
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.uuid({ error: M.templateRequired }));

const DATA_URL_PREFIX = /^data:image\/png;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** The longest base64 text (with its data-URL prefix) whose bytes may still fit in SIGNATURE_MAX_BYTES. */
const SIGNATURE_TEXT_MAX = 'data:image/png;base64,'.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;

/** How many bytes a base64 text decodes to. */
export const base64Bytes = (b64: string): number =>
  Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/**
 * A signature as the pad exports it: a PNG data URL (or the bare base64), at most 200 KB decoded.
 * The result is the bare base64; the server then checks the bytes themselves are a PNG with ink.
 */
export const signaturePng = (required: string) =>
  z
    .string({ error: required })
    .max(SIGNATURE_TEXT_MAX * 2, M.signatureTooLarge)
    .transform((v) => v.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, ''))
    .refine((v) => v.length > 0, required)
    .refine((v) => v === '' || (BASE64.test(v) && v.length % 4 === 0), M.signatureInvalid)
    .refine((v) => base64Bytes(v) <= SIGNATURE_MAX_BYTES, M.signatureTooLarge);

/** The tooth (or teeth) of a template that names one: FDI numbers, '36' or '36 y 37'; '' and null are none. */
const tooth = z
  .string({ error: M.toothInvalid })
  .trim()
  .max(CONSENT_TOOTH_MAX, M.toothInvalid)
  .refine((v) => v === '' || /^[0-9]{2}([ ,y-]+[0-9]{2})*$/.test(v), M.toothInvalid)
  // Each number a tooth of the FDI chart (permanent or baby): '99' is no tooth a patient signs for.
  .refine((v) => (v.match(/[0-9]{2}/g) ?? []).every((n) => isToothId(Number(n))), M.toothInvalid)
  .nullish()
  .transform((v) => v || null);

const guardian = z.object(
  {
    nombre: requiredText(M.guardianNameRequired, GUARDIAN_NAME_MAX),
    relacion: requiredText(M.guardianRelationRequired, GUARDIAN_RELATION_MAX),
  },
  { error: M.guardianRequired },
);

/** `POST /api/pacientes/{id}/consentimientos`: who signs, for which template, and both signatures. */
export const consentInputSchema = z
  .object({
    plantillaId: templateId,
    firmante: z.enum(CONSENT_SIGNERS, { error: M.signerRequired }),
    tutor: guardian.nullish().transform((v) => v ?? null),
    diente: tooth,
    firmaPaciente: signaturePng(M.patientSignatureRequired),
    firmaProfesional: signaturePng(M.professionalSignatureRequired),
  })
  .superRefine((v, ctx) => {
    if (v.firmante === 'tutor' && !v.tutor)
      ctx.addIssue({ code: 'custom', path: ['tutor'], message: M.guardianRequired });
  })
  // A patient who signs for themselves has no guardian, whatever the form still held.
  .transform((v) => ({ ...v, tutor: v.firmante === 'tutor' ? v.tutor : null }));
export type ConsentInput = z.input<typeof consentInputSchema>;
export type ConsentData = z.output<typeof consentInputSchema>;

/**
 * `GET /api/pacientes/{id}/consentimientos/texto?plantillaId=&diente=`: the text the patient reads
 * before signing, filled by the server exactly as it will be signed, and whether they are a minor.
 */
export const consentPreviewQuerySchema = z.object({ plantillaId: templateId, diente: tooth });
export type ConsentPreviewQuery = z.input<typeof consentPreviewQuerySchema>;

export const consentTemplateInputSchema = z.object({
  titulo: requiredText(M.templateTitleRequired, CONSENT_TEMPLATE_TITLE_MAX),
  cuerpo: requiredText(M.templateBodyRequired, CONSENT_TEMPLATE_BODY_MAX, { multiline: true }),
});
export type ConsentTemplateInput = z.input<typeof consentTemplateInputSchema>;

/** The placeholders a consent template may use (filled with the shared `fillTemplate`). */
export const CONSENT_PLACEHOLDERS = [
  '{paciente}',
  '{fecha}',
  '{dentista}',
  '{clinica}',
  '{direccion}',
  '{diente}',
] as const;

/** Whether a template names a tooth (the form then asks for it, and the server requires it). */
export const templateNeedsTooth = (cuerpo: string): boolean => cuerpo.includes('{diente}');

/**
 * Whole years from a birth date (YYYY-MM-DD) to `today` (YYYY-MM-DD, the clinic's day); null without a
 * birth date. Someone born on 29 February comes of age on 1 March in a common year.
 */
export function ageOn(fechaNacimiento: string | null | undefined, today: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(fechaNacimiento ?? '');
  const now = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!birth || !now) return null;
  const [by, bm, bd] = birth.slice(1).map(Number);
  const [ny, nm, nd] = now.slice(1).map(Number);
  return ny - by - (nm < bm || (nm === bm && nd < bd) ? 1 : 0);
}

/** A minor signs through a guardian; a patient without a birth date is taken as an adult. */
export const isMinor = (fechaNacimiento: string | null | undefined, today: string): boolean => {
  const age = ageOn(fechaNacimiento, today);
  return age !== null && age < MAJORITY_AGE;
};

/** The PDF's download name: 'consentimiento-extraccion-dental-lucia-gomez-2026-11-27.pdf'. */
export function consentFileName(titulo: string, paciente: string, dia: string): string {
  const title = fileSlug(titulo.replace(/^consentimiento( informado)?( para| de)?\s*/i, ''), '');
  return ['consentimiento', title, fileSlug(paciente, ''), dia].filter(Boolean).join('-') + '.pdf';
}

/**
 * The three templates every clinic starts with (a new clinic at creation, existing ones by migration
 * 0030). Our own texts, for the clinic to review and adapt: each says what is done, its frequent and
 * its serious risks, the alternatives, and that consent may be withdrawn at any time.
 */
export const DEFAULT_CONSENT_TEMPLATES: readonly { titulo: string; cuerpo: string }[] = [
  {
    titulo: 'Consentimiento informado general para tratamiento odontológico',
    cuerpo: [
      'Yo, {paciente} (o quien firma en mi representación), declaro que {dentista}, de {clinica}, me ha explicado de forma comprensible el tratamiento odontológico que me propone, y que he recibido esta información por escrito.',
      'Qué se va a hacer. Se me ha explicado en qué consisten la exploración, el diagnóstico y el tratamiento indicados en mi caso, su finalidad, el número aproximado de visitas y los cuidados posteriores. Algunos procedimientos necesitan anestesia local, radiografías u otras pruebas complementarias, que también se me han explicado.',
      'Riesgos. Conozco las molestias frecuentes y leves: dolor o sensibilidad después del tratamiento, inflamación, pequeños sangrados y, con la anestesia local, adormecimiento del labio o de la lengua durante unas horas. Conozco también los riesgos poco frecuentes: reacción alérgica a la anestesia o a los materiales, heridas en la mucosa, infección, fractura de dientes o de restauraciones y, de forma excepcional, alteración pasajera o permanente de la sensibilidad del labio, la lengua o el mentón.',
      'He informado al profesional de mis enfermedades, alergias y medicación (en especial de los anticoagulantes) y, en su caso, de un posible embarazo, y sé que ocultarlos puede aumentar los riesgos.',
      'Alternativas. Se me han explicado las alternativas razonables a este tratamiento, incluida la de no tratarme, con sus ventajas, sus inconvenientes y lo que previsiblemente ocurriría en cada caso.',
      'He podido hacer todas las preguntas que he querido y se me han respondido. Sé que puedo retirar este consentimiento en cualquier momento, por escrito y sin dar explicaciones, sin que ello afecte a la atención que recibo; la retirada no deshace lo que ya se haya realizado.',
      'Por todo ello, de forma libre y voluntaria, doy mi consentimiento para el tratamiento propuesto.',
      'En {clinica}, a {fecha}.',
    ].join('\n\n'),
  },
  {
    titulo: 'Consentimiento informado para extracción dental',
    cuerpo: [
      'Yo, {paciente} (o quien firma en mi representación), declaro que {dentista}, de {clinica}, me ha explicado que es necesario extraer el diente {diente} y en qué consiste la intervención.',
      'Qué se va a hacer. Con anestesia local, el diente se separa del hueso y de la encía que lo sujetan y se extrae. A veces es necesario abrir la encía, retirar algo de hueso o dividir el diente en fragmentos, y cerrar la herida con puntos de sutura. Después recibiré por escrito las indicaciones para los días siguientes (frío local, dieta blanda, no fumar, higiene cuidadosa y la medicación que se me indique).',
      'Riesgos. Son frecuentes el dolor, la inflamación, un pequeño hematoma, el sangrado durante unas horas y la dificultad para abrir la boca durante unos días. Con menos frecuencia pueden aparecer infección o alveolitis (inflamación dolorosa del hueco del diente), la fractura del diente con restos de raíz que haya que retirar o, si el riesgo de dañar estructuras vecinas es mayor, dejar en su sitio, y daños en dientes o restauraciones vecinas. En los molares superiores puede abrirse una comunicación con el seno maxilar, que a veces requiere otra intervención. En los molares inferiores, y sobre todo en las muelas del juicio, puede lesionarse un nervio y quedar el labio, el mentón o la lengua dormidos u hormigueando, casi siempre de forma pasajera y excepcionalmente permanente. La fractura de la mandíbula es excepcional.',
      'Alternativas. Cuando es posible, se me ha explicado la alternativa de conservar el diente (con una obturación, una endodoncia u otro tratamiento) y sus límites en mi caso. No tratarlo puede suponer dolor, infecciones repetidas y que la infección se extienda. El hueco que deja el diente puede reponerse más adelante con un implante, un puente o una prótesis, que se me han explicado.',
      'He informado al profesional de mis enfermedades, alergias y medicación (en especial de los anticoagulantes, los antiagregantes y los fármacos para los huesos, como los bisfosfonatos).',
      'He podido hacer todas las preguntas que he querido y se me han respondido. Sé que puedo retirar este consentimiento en cualquier momento antes de la intervención, por escrito y sin dar explicaciones, sin que ello afecte a la atención que recibo.',
      'Por todo ello, de forma libre y voluntaria, doy mi consentimiento para la extracción del diente {diente}.',
      'En {clinica}, a {fecha}.',
    ].join('\n\n'),
  },
  {
    titulo: 'Consentimiento informado para endodoncia',
    cuerpo: [
      'Yo, {paciente} (o quien firma en mi representación), declaro que {dentista}, de {clinica}, me ha explicado que el diente {diente} necesita una endodoncia (tratamiento de conductos) y en qué consiste.',
      'Qué se va a hacer. Con anestesia local, se abre el diente, se retira la pulpa (el nervio) enferma o infectada, se limpian, desinfectan y dan forma a los conductos de la raíz y se sellan con un material de relleno. Puede hacerse en una o en varias sesiones, con radiografías durante el tratamiento. Al terminar, el diente necesita una restauración definitiva y, muchas veces, una corona que lo proteja, porque un diente endodonciado es más frágil.',
      'Riesgos. Es frecuente tener molestias o dolor al masticar durante unos días. Con menos frecuencia puede aparecer una inflamación o un flemón que requiera medicación o una visita más. Durante el tratamiento puede romperse un instrumento dentro del conducto, producirse una perforación de la raíz o no poder llegar al final de un conducto calcificado o muy curvo. Aunque la endodoncia tiene un alto índice de éxito, no puede garantizarse: si fracasa, puede ser necesario repetirla, hacer una pequeña cirugía en la punta de la raíz o extraer el diente. El diente puede oscurecerse con el tiempo o fracturarse si no se protege. Excepcionalmente, los productos de limpieza pueden irritar los tejidos vecinos.',
      'Alternativas. Se me ha explicado que la alternativa es extraer el diente y, si lo deseo, reponerlo después con un implante, un puente o una prótesis. No tratarlo puede suponer dolor, un absceso, que la infección se extienda y la pérdida del diente.',
      'He informado al profesional de mis enfermedades, alergias y medicación (en especial de los anticoagulantes) y, en su caso, de un posible embarazo.',
      'He podido hacer todas las preguntas que he querido y se me han respondido. Sé que puedo retirar este consentimiento en cualquier momento, por escrito y sin dar explicaciones, sin que ello afecte a la atención que recibo; si interrumpo el tratamiento a medias, se me han explicado los riesgos de dejarlo sin terminar.',
      'Por todo ello, de forma libre y voluntaria, doy mi consentimiento para la endodoncia del diente {diente}.',
      'En {clinica}, a {fecha}.',
    ].join('\n\n'),
  },
];
