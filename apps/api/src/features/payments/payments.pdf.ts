import {
  COLLECTION_METHOD_LABELS,
  PAYMENT_MESSAGES,
  formatDate,
  formatDateTime,
  formatMoney,
  type PatientAccount,
  type Payment,
} from '@odontia/shared';
import { imageDataUrl, renderPdf, type Content, type PdfClinic } from '../../platform/pdf.ts';

const GREY = '#555555';
const RED = '#b91c1c';
const right = (text: string, extra: Record<string, unknown> = {}): Content => ({ text, alignment: 'right', ...extra });
const header = (labels: string[]): Content[] =>
  labels.map((h, i): Content => ({ text: h, bold: true, alignment: i === 0 ? 'left' : 'right' }));

/** The clinic's letterhead: logo beside its name, address and phone. */
function letterhead(clinica: PdfClinic): Content {
  const address = [clinica.direccion, clinica.ciudad].filter(Boolean).join(', ');
  const lines: Content[] = [
    { text: clinica.nombre, bold: true, fontSize: 12 },
    ...(address ? [{ text: address, color: GREY }] : []),
    ...(clinica.telefono ? [{ text: `Tel. ${clinica.telefono}`, color: GREY }] : []),
  ];
  return {
    columns: clinica.logo
      ? [{ image: imageDataUrl(clinica.logo, 'image/png'), fit: [120, 60], width: 130 }, { stack: lines }]
      : [{ stack: lines }],
    columnGap: 12,
    margin: [0, 0, 0, 18],
  };
}

function totalsTable(rows: [string, string][]): Content {
  return {
    table: {
      widths: ['*', 110],
      body: rows.map(([k, v], i) => {
        const last = i === rows.length - 1;
        return [
          { text: k, alignment: 'right', bold: last },
          { text: v, alignment: 'right', bold: last },
        ];
      }),
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 14],
  };
}

const patientName = (p: { nombres: string; apellidos: string }) => `${p.nombres} ${p.apellidos}`.trim();

/**
 * A payment as it was taken, which its receipt shows however often it is printed: what it paid then,
 * and what it left on account, including what 'Aplicar anticipo' applied from that later.
 */
export function asTaken(p: Pick<Payment, 'aplicaciones' | 'anticipo'>): Pick<Payment, 'aplicaciones' | 'anticipo'> {
  const later = p.aplicaciones.filter((a) => a.delAnticipo);
  return {
    aplicaciones: p.aplicaciones.filter((a) => !a.delAnticipo),
    anticipo: p.anticipo + later.reduce((sum, a) => sum + a.importe, 0),
  };
}

/**
 * A payment's receipt (issue 25) as an A4 PDF: the clinic, the number, date, patient, method and
 * reference, what it paid and what stayed on account, the patient's balance after it, who took it, and
 * that it is not an invoice. An annulled payment's receipt says ANULADO with the reason.
 */
export function renderReceiptPdf({
  payment: p,
  clinica,
  saldoDespues,
}: {
  payment: Payment;
  clinica: PdfClinic;
  saldoDespues: number;
}): Promise<Buffer> {
  const money = (value: number) => formatMoney(value, p.moneda);
  const patient = patientName(p.paciente);
  const facts: [string, string][] = [
    ['Fecha', formatDateTime(p.fecha, clinica.zonaHoraria)],
    ['Paciente', patient],
    ['Forma de pago', COLLECTION_METHOD_LABELS[p.metodo]],
    ...(p.referencia ? [['Referencia', p.referencia] as [string, string]] : []),
    ['Cobrado por', p.cobradoPor.nombre || '—'],
  ];
  const taken = asTaken(p);
  const lines: Content[][] = [
    header(['Concepto', 'Importe']),
    ...taken.aplicaciones.map((a): Content[] => [{ text: a.descripcion }, right(money(a.importe))]),
    ...(taken.anticipo > 0 ? [[{ text: 'A cuenta (anticipo)' }, right(money(taken.anticipo))] as Content[]] : []),
  ];
  const saldo =
    saldoDespues > 0
      ? `${money(saldoDespues)} pendiente`
      : saldoDespues < 0
        ? `${money(-saldoDespues)} a favor del paciente`
        : money(0);
  return renderPdf({
    info: { title: `Recibo ${p.numero}`, author: clinica.nombre, subject: `Recibo de ${patient}` },
    pie: `Recibo ${p.numero} · ${PAYMENT_MESSAGES.receiptNotInvoice}`,
    content: [
      letterhead(clinica),
      { text: `Recibo ${p.numero}`, bold: true, fontSize: 15 },
      ...(p.anulacion
        ? [
            {
              text: `ANULADO el ${formatDateTime(p.anulacion.fecha, clinica.zonaHoraria)} por ${p.anulacion.por || '—'}. Motivo: ${p.anulacion.motivo}`,
              bold: true,
              color: RED,
              margin: [0, 4, 0, 0],
            } as Content,
          ]
        : []),
      {
        table: {
          widths: [100, '*'],
          body: facts.map(([k, v]) => [
            { text: k, color: GREY },
            { text: v, bold: k === 'Paciente' },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 10, 0, 12],
      },
      {
        table: { headerRows: 1, widths: ['*', 110], body: lines },
        layout: 'lightHorizontalLines',
        fontSize: 10,
        margin: [0, 0, 0, 10],
      },
      totalsTable([
        ['Saldo del paciente tras este cobro', saldo],
        ['Total cobrado', money(p.importe)],
      ]),
      { text: PAYMENT_MESSAGES.receiptNotInvoice, italics: true, color: GREY, margin: [0, 10, 0, 0] },
    ],
  });
}

/**
 * The patient's statement (estado de cuenta) as an A4 PDF: the clinic, the patient, every item with what
 * it costs, what was paid and what is owed, every payment and annulment, and the totals.
 */
export function renderStatementPdf({
  account: a,
  clinica,
  fecha,
}: {
  account: PatientAccount;
  clinica: PdfClinic;
  /** The clinic's day it is printed (YYYY-MM-DD). */
  fecha: string;
}): Promise<Buffer> {
  const money = (value: number) => formatMoney(value, a.moneda);
  const patient = patientName(a.paciente);
  const items: Content[][] = [
    header(['Fecha', 'Concepto', 'Importe', 'Pagado', 'Pendiente']),
    ...a.partidas.map((i): Content[] => [
      { text: formatDate(i.fecha) },
      {
        stack: [
          { text: i.descripcion + (i.diente !== null ? ` (diente ${i.diente})` : '') },
          {
            text: [i.tipo === 'linea' ? 'Aceptado, sin realizar' : 'Realizado', i.presupuesto, i.dentista]
              .filter(Boolean)
              .join(' · '),
            color: GREY,
            fontSize: 8,
          },
        ],
      },
      right(money(i.importe)),
      right(money(i.pagado)),
      right(money(i.pendiente)),
    ]),
  ];
  const payments: Content[][] = [
    header(['Fecha', 'Recibo', 'Forma de pago', 'Importe']),
    ...a.cobros.map((p): Content[] => [
      { text: formatDate(p.diaCaja) },
      {
        stack: [
          { text: p.tipo === 'anulacion' ? `Anulación de ${p.anula?.numero ?? ''}` : (p.numero ?? '') },
          ...(p.tipo === 'anulacion' && p.motivo ? [{ text: p.motivo, color: GREY, fontSize: 8 }] : []),
          ...(p.anulacion ? [{ text: 'Anulado', color: RED, fontSize: 8 }] : []),
        ],
      },
      right(COLLECTION_METHOD_LABELS[p.metodo]),
      right(money(p.importe)),
    ]),
  ];
  const t = a.totales;
  const saldo = t.saldo > 0 ? money(t.saldo) : t.saldo < 0 ? `${money(-t.saldo)} a favor del paciente` : money(0);
  return renderPdf({
    info: { title: `Estado de cuenta de ${patient}`, author: clinica.nombre, subject: 'Estado de cuenta' },
    pie: `Estado de cuenta · ${patient} · ${formatDate(fecha)}`,
    content: [
      letterhead(clinica),
      { text: PAYMENT_MESSAGES.accountTitle, bold: true, fontSize: 15 },
      {
        text: [
          { text: 'Paciente: ', color: GREY },
          { text: patient, bold: true },
          { text: ` · ${formatDate(fecha)}`, color: GREY },
        ],
        margin: [0, 2, 0, 12],
      },
      ...(a.partidas.length === 0 && a.cobros.length === 0
        ? [{ text: PAYMENT_MESSAGES.noMovements, color: GREY, margin: [0, 0, 0, 12] } as Content]
        : []),
      ...(a.partidas.length
        ? [
            { text: 'Tratamientos', bold: true, margin: [0, 0, 0, 4] } as Content,
            {
              table: { headerRows: 1, widths: [55, '*', 65, 65, 65], body: items },
              layout: 'lightHorizontalLines',
              fontSize: 9,
              margin: [0, 0, 0, 12],
            } as Content,
          ]
        : []),
      ...(a.cobros.length
        ? [
            { text: 'Cobros', bold: true, margin: [0, 0, 0, 4] } as Content,
            {
              table: { headerRows: 1, widths: [55, '*', 90, 75], body: payments },
              layout: 'lightHorizontalLines',
              fontSize: 9,
              margin: [0, 0, 0, 12],
            } as Content,
          ]
        : []),
      totalsTable([
        ['Tratamientos realizados', money(t.realizado)],
        ['Cobrado', money(t.cobrado)],
        ['A cuenta (anticipos)', money(t.anticipo)],
        ['Aceptado pendiente de realizar', money(t.aceptadoPendiente)],
        ['Saldo pendiente', saldo],
      ]),
      { text: 'Este documento no es una factura', italics: true, color: GREY },
    ],
  });
}
