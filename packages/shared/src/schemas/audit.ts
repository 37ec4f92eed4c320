import { z } from 'zod';
import { FIELD_MESSAGES, isCalendarDate, pageNumber } from './fields.ts';

/**
 * The audit trail of the clinical record (DESIGN §1): every view and change of a patient's chart and every
 * view, change and deletion of a patient's record is a row of `auditoria`, append-only. The contract
 * between `GET /api/auditoria` and the '/auditoria' screen.
 */
export const AUDIT_ACTIONS = [
  'odontograma.ver',
  'odontograma.guardar',
  'paciente.ver',
  'paciente.crear',
  'paciente.editar',
  'paciente.eliminar',
  'paciente.desactivar',
  'paciente.reactivar',
  'antecedentes.ver',
  'antecedentes.crear',
  'antecedentes.retirar',
  'historia.ver',
  'historia.exportar',
  'nota.ver',
  'nota.crear',
  'nota.editar',
  'nota.firmar',
  'nota.descartar',
  'nota.adenda',
  'consentimientos.ver',
  'consentimiento.firmar',
  'consentimiento.descargar',
  'presupuesto.ver',
  'presupuesto.crear',
  'presupuesto.editar',
  'presupuesto.version',
  'presupuesto.enviar',
  'presupuesto.rechazar',
  'presupuesto.descargar',
  'presupuesto.enviar_email',
  'presupuesto.aceptar',
  'presupuesto.realizar',
  'mensajes.ver',
  'cuenta.ver',
  'cuenta.descargar',
  'cobro.registrar',
  'cobro.anular',
  'anticipo.aplicar',
  'recibo.descargar',
  'recibo.enviar',
  'caja.abrir',
  'caja.cerrar',
  'saldo.recordar',
  'revision.recordar',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'odontograma.ver': 'Vio el odontograma',
  'odontograma.guardar': 'Guardó el odontograma',
  'paciente.ver': 'Vio la ficha del paciente',
  'paciente.crear': 'Registró al paciente',
  'paciente.editar': 'Modificó la ficha del paciente',
  'paciente.eliminar': 'Eliminó al paciente',
  'paciente.desactivar': 'Desactivó y ocultó al paciente (tiene historia clínica)',
  'paciente.reactivar': 'Reactivó al paciente',
  'antecedentes.ver': 'Vio los antecedentes médicos',
  'antecedentes.crear': 'Registró un antecedente médico',
  'antecedentes.retirar': 'Retiró un antecedente médico',
  'historia.ver': 'Vio la historia clínica',
  'historia.exportar': 'Exportó la historia clínica',
  'nota.ver': 'Vio una nota clínica',
  'nota.crear': 'Escribió un borrador de nota clínica',
  'nota.editar': 'Modificó un borrador de nota clínica',
  'nota.firmar': 'Firmó una nota clínica',
  'nota.descartar': 'Descartó un borrador de nota clínica',
  'nota.adenda': 'Añadió una adenda a una nota clínica',
  'consentimientos.ver': 'Vio los consentimientos firmados',
  'consentimiento.firmar': 'Registró un consentimiento informado firmado',
  'consentimiento.descargar': 'Descargó el PDF de un consentimiento firmado',
  'presupuesto.ver': 'Vio un presupuesto',
  'presupuesto.crear': 'Creó un presupuesto',
  'presupuesto.editar': 'Modificó un presupuesto en borrador',
  'presupuesto.version': 'Creó una nueva versión de un presupuesto enviado',
  'presupuesto.enviar': 'Marcó un presupuesto como enviado',
  'presupuesto.rechazar': 'Registró el rechazo de un presupuesto',
  'presupuesto.descargar': 'Descargó el PDF de un presupuesto',
  'presupuesto.enviar_email': 'Envió un presupuesto al paciente por email',
  'presupuesto.aceptar': 'Registró en consulta la aceptación firmada de un presupuesto',
  'presupuesto.realizar': 'Registró como realizado un tratamiento de un presupuesto',
  'mensajes.ver': 'Vio los mensajes enviados al paciente sobre una cita',
  'cuenta.ver': 'Vio el estado de cuenta de un paciente',
  'cuenta.descargar': 'Descargó el estado de cuenta de un paciente',
  'cobro.registrar': 'Registró un cobro',
  'cobro.anular': 'Anuló un cobro',
  'anticipo.aplicar': 'Aplicó el anticipo del paciente a lo que debía',
  'recibo.descargar': 'Descargó un recibo',
  'recibo.enviar': 'Envió un recibo al paciente por email',
  'caja.abrir': 'Abrió su caja del día',
  'caja.cerrar': 'Cerró su caja del día',
  'saldo.recordar': 'Recordó a un paciente su saldo pendiente',
  'revision.recordar': 'Invitó a un paciente a su revisión',
};

export const AUDIT_PAGE_SIZE = 20;

export const AUDIT_MESSAGES = {
  title: 'Registro de auditoría',
  empty: 'No hay registros de auditoría',
  noMatch: 'No hay registros que coincidan con los filtros',
  dateInvalid: FIELD_MESSAGES.dateInvalid,
  rangeInvalid: 'La fecha «hasta» no puede ser anterior a «desde»',
  filterInvalid: 'El filtro no es válido',
} as const;

const optionalId = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(''), z.uuid({ error: AUDIT_MESSAGES.filterInvalid })]))
  .optional()
  .transform((v) => v || null);

const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), AUDIT_MESSAGES.dateInvalid)
  .optional()
  .transform((v) => v || null);

/**
 * `?paciente=&usuario=&desde=&hasta=&pagina=`: a patient id, a member id (usuarios.id), and dates
 * YYYY-MM-DD (both included, in the clinic's time zone). Empty means no filter.
 */
export const auditListQuerySchema = z
  .object({ paciente: optionalId, usuario: optionalId, desde: optionalDay, hasta: optionalDay, pagina: pageNumber })
  .superRefine((q, ctx) => {
    if (q.desde && q.hasta && q.hasta < q.desde)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: AUDIT_MESSAGES.rangeInvalid });
  });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
