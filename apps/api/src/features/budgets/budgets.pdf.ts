import {
  BUDGET_STATE_LABELS,
  formatDate,
  formatMoney,
  formatPercent,
  lineWhere,
  budgetTotals,
  phaseTotalRows,
  type Budget,
  type BudgetLine,
  type BudgetOption,
} from '@odontia/shared';
import { imageDataUrl, renderPdf, type Content } from '../../platform/pdf.ts';

/** What the budget's PDF shows besides the budget: the clinic and the day it is printed. */
export type BudgetDocument = {
  budget: Budget;
  clinica: { nombre: string; direccion: string | null; ciudad: string | null; telefono: string | null };
  /** The clinic's logo as PNG, when it has one. */
  logo: Uint8Array | null;
  /** The clinic's day the budget was created (dd/mm/yyyy). */
  fecha: string;
  /** The patient's signed acceptance, drawn in the signature box (the budget's lines say which were accepted). */
  firma?: { png: Buffer; firmante: string; fecha: string; canal: string; opcion: BudgetOption | null };
};

const GREY = '#555555';
const right = (text: string): Content => ({ text, alignment: 'right' });

/** The lines of one phase as a table: treatment (and where), quantity, price, discount, tax and total. */
function phaseTable(lines: BudgetLine[], money: (value: number) => string): Content {
  const header = ['Tratamiento', 'Cant.', 'Precio', 'Descuento', 'Impuesto', 'Total'].map((h, i): Content => ({
    text: h,
    bold: true,
    alignment: i === 0 ? 'left' : 'right',
  }));
  const rows = lines.map((l): Content[] => [
    {
      stack: [
        { text: l.descripcion + (l.opcion ? `  (opción ${l.opcion})` : '') },
        ...(l.diente !== null ? [{ text: `Diente ${lineWhere(l)}`, color: GREY, fontSize: 8 }] : []),
        ...(l.aceptada === null
          ? []
          : [{ text: l.aceptada ? 'Aceptado' : 'No aceptado', bold: l.aceptada, color: GREY, fontSize: 8 }]),
      ],
    },
    right(String(l.cantidad)),
    right(money(l.precioUnitario)),
    right(l.importes.descuento ? `-${money(l.importes.descuento)}` : '—'),
    right(`${formatPercent(l.puntosBasicos)}: ${money(l.importes.impuesto)}`),
    right(money(l.importes.total)),
  ]);
  return {
    table: { headerRows: 1, widths: ['*', 30, 60, 60, 80, 65], body: [header, ...rows] },
    layout: 'lightHorizontalLines',
    fontSize: 9,
    margin: [0, 0, 0, 10],
  };
}

/**
 * The budget as an A4 PDF (issue 23): the clinic (logo, name, address), the number, version and state,
 * the patient, the lines by phase with their options, discounts and taxes, the totals per phase, the
 * common part and each option, the validity, the conditions, and a box for the patient's signature.
 */
export function renderBudgetPdf({ budget: b, clinica, logo, fecha, firma }: BudgetDocument): Promise<Buffer> {
  const money = (value: number) => formatMoney(value, b.moneda);
  const address = [clinica.direccion, clinica.ciudad].filter(Boolean).join(', ');
  const clinicLines: Content[] = [
    { text: clinica.nombre, bold: true, fontSize: 12 },
    ...(address ? [{ text: address, color: GREY }] : []),
    ...(clinica.telefono ? [{ text: `Tel. ${clinica.telefono}`, color: GREY }] : []),
  ];
  const phases = b.totales.fases.map((f) => f.fase);
  const totalRows: [string, string][] = [
    ...phaseTotalRows(b.totales).map((row): [string, string] => [row.label, money(row.total)]),
    ...(b.totales.opciones.length
      ? [
          ['Tratamiento común', money(b.totales.comun.total)] as [string, string],
          ...b.totales.opciones.map((o): [string, string] => [
            `Total con la opción ${o.opcion}`,
            money(o.totalConComun),
          ]),
        ]
      : [
          ['Base imponible', money(b.totales.comun.base)] as [string, string],
          ['Impuestos', money(b.totales.comun.impuesto)] as [string, string],
          ['Total', money(b.totales.total)] as [string, string],
        ]),
    ...(firma
      ? [['Total aceptado', money(budgetTotals(b.lineas.filter((l) => l.aceptada)).total)] as [string, string]]
      : []),
  ];
  const patient = `${b.paciente.nombres} ${b.paciente.apellidos}`.trim();
  return renderPdf({
    info: { title: `Presupuesto ${b.numero}`, author: clinica.nombre, subject: `Presupuesto de ${patient}` },
    pie: `Presupuesto ${b.numero} · versión ${b.version}`,
    content: [
      {
        columns: logo
          ? [{ image: imageDataUrl(logo, 'image/png'), fit: [120, 60], width: 130 }, { stack: clinicLines }]
          : [{ stack: clinicLines }],
        columnGap: 12,
        margin: [0, 0, 0, 18],
      },
      { text: `Presupuesto ${b.numero}`, bold: true, fontSize: 15 },
      {
        text: `Versión ${b.version} · ${BUDGET_STATE_LABELS[b.estado]} · ${fecha} · válido hasta el ${formatDate(b.validoHasta)}`,
        color: GREY,
        margin: [0, 2, 0, 12],
      },
      {
        text: [
          { text: 'Paciente: ', color: GREY },
          { text: patient, bold: true },
        ],
        margin: [0, 0, 0, 12],
      },
      ...phases.flatMap((fase): Content[] => [
        ...(phases.length > 1 ? [{ text: `Fase ${fase}`, bold: true, margin: [0, 4, 0, 4] } as Content] : []),
        phaseTable(
          b.lineas.filter((l) => l.fase === fase),
          money,
        ),
      ]),
      ...(b.totales.opciones.length
        ? [
            {
              text: 'Las líneas de cada opción son alternativas: el paciente elige una de ellas.',
              color: GREY,
              fontSize: 8,
              margin: [0, 0, 0, 6],
            } as Content,
          ]
        : []),
      {
        table: {
          widths: ['*', 100],
          body: totalRows.map(([k, v], i) => {
            const last = i === totalRows.length - 1;
            return [
              { text: k, alignment: 'right', bold: last },
              { text: v, alignment: 'right', bold: last },
            ];
          }),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 14],
      },
      ...(b.condiciones
        ? [
            { text: 'Condiciones', bold: true, margin: [0, 0, 0, 4] } as Content,
            { text: b.condiciones, margin: [0, 0, 0, 14] } as Content,
          ]
        : []),
      firma
        ? {
            stack: [
              {
                text: `Aceptado${firma.opcion ? ` con la opción ${firma.opcion}` : ''} y firmado por ${firma.firmante}`,
                color: GREY,
                margin: [0, 0, 0, 4],
              },
              { image: imageDataUrl(firma.png, 'image/png'), fit: [220, 70] },
              { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.6, lineColor: '#999999' }] },
              { text: `${firma.firmante} · ${firma.fecha}`, margin: [0, 4, 0, 0] },
              { text: firma.canal, color: GREY, fontSize: 8 },
            ],
            unbreakable: true,
            margin: [0, 10, 0, 0],
          }
        : {
            stack: [
              { text: 'Conforme, el paciente', color: GREY, margin: [0, 0, 0, 40] },
              { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.6, lineColor: '#999999' }] },
              { text: `${patient}    Fecha: ____ / ____ / ________`, margin: [0, 4, 0, 0] },
            ],
            unbreakable: true,
            margin: [0, 10, 0, 0],
          },
    ],
  });
}
