import { formatDate, formatDateTime, zoneName } from '@odontia/shared';
import { imageDataUrl, renderPdf, type Content } from '../../platform/pdf.ts';

/** Everything the signed PDF shows, already read and checked by the service. */
export type ConsentDocument = {
  id: string;
  titulo: string;
  texto: string;
  clinica: { nombre: string; direccion: string | null; ciudad: string | null; telefono: string | null; zona: string };
  /** The clinic's logo as PNG, when it has one; like the signatures, without alpha (see the service). */
  logo: Uint8Array | null;
  paciente: { nombre: string; fechaNacimiento: string | null };
  tutor: { nombre: string; relacion: string } | null;
  profesional: string;
  /** Both signatures as PNG, flattened on white: pdfkit embeds such a PNG's data without decoding it. */
  firmaPaciente: Uint8Array;
  firmaProfesional: Uint8Array;
  fechaFirma: Date;
};

const GREY = '#555555';

function signatureBlock(png: Uint8Array, nombre: string, papel: string): Content {
  return {
    stack: [
      { image: imageDataUrl(png, 'image/png'), fit: [210, 80], margin: [0, 0, 0, 4] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 210, y2: 0, lineWidth: 0.6, lineColor: '#999999' }] },
      { text: nombre, bold: true, margin: [0, 4, 0, 0] },
      { text: papel, color: GREY, fontSize: 9 },
    ],
    unbreakable: true,
  };
}

/**
 * The signed consent as an A4 PDF: the clinic (logo, name, address), the title, the full text as signed,
 * the patient's data and who signed, both signatures with their names, and the date and time of the
 * signing in the clinic's zone. Made on the server, once: the bytes stored are the bytes hashed.
 */
export function renderConsentPdf(d: ConsentDocument): Promise<Buffer> {
  const [dia, hora] = formatDateTime(d.fechaFirma, d.clinica.zona).split(' ');
  const address = [d.clinica.direccion, d.clinica.ciudad].filter(Boolean).join(', ');
  const clinicLines: Content[] = [
    { text: d.clinica.nombre, bold: true, fontSize: 12 },
    ...(address ? [{ text: address, color: GREY }] : []),
    ...(d.clinica.telefono ? [{ text: `Tel. ${d.clinica.telefono}`, color: GREY }] : []),
  ];
  const signer = d.tutor
    ? { nombre: d.tutor.nombre, papel: `${d.tutor.relacion}, en representación de ${d.paciente.nombre}` }
    : { nombre: d.paciente.nombre, papel: 'Paciente' };
  const patientRows: [string, string][] = [
    ['Paciente', d.paciente.nombre],
    ['Fecha de nacimiento', d.paciente.fechaNacimiento ? formatDate(d.paciente.fechaNacimiento) : 'No consta'],
    ['Firma', d.tutor ? `${d.tutor.nombre} (${d.tutor.relacion}), representante legal` : 'El propio paciente'],
    ['Profesional', d.profesional],
  ];
  return renderPdf({
    info: { title: d.titulo, author: d.clinica.nombre, subject: `Consentimiento informado de ${d.paciente.nombre}` },
    pie: `Consentimiento ${d.id}`,
    content: [
      {
        columns: d.logo
          ? [{ image: imageDataUrl(d.logo, 'image/png'), fit: [120, 60], width: 130 }, { stack: clinicLines }]
          : [{ stack: clinicLines }],
        columnGap: 12,
        margin: [0, 0, 0, 18],
      },
      { text: d.titulo, bold: true, fontSize: 15, margin: [0, 0, 0, 12] },
      ...d.texto.split(/\n{2,}/).map((p): Content => ({ text: p.trim(), margin: [0, 0, 0, 8], alignment: 'justify' })),
      {
        table: { widths: [120, '*'], body: patientRows.map(([k, v]) => [{ text: k, color: GREY }, v]) },
        layout: 'lightHorizontalLines',
        margin: [0, 10, 0, 18],
      },
      {
        columns: [
          signatureBlock(d.firmaPaciente, signer.nombre, signer.papel),
          signatureBlock(d.firmaProfesional, d.profesional, 'Profesional responsable'),
        ],
        columnGap: 24,
      },
      {
        text: `Firmado en ${d.clinica.nombre}${address ? `, ${address}` : ''}, el ${dia} a las ${hora} (hora local: ${zoneName(d.clinica.zona)}).`,
        margin: [0, 18, 0, 0],
        color: GREY,
        fontSize: 9,
      },
    ],
  });
}
