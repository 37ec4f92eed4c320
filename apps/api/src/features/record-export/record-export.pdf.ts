import {
  ALERT_CONDITION_LABELS,
  ALERT_KIND_LABELS,
  chartDentition,
  chartTeeth,
  DENTITION_LABELS,
  ESTADO_CITA_LABELS,
  formatDate,
  formatDateTime,
  GENERO_LABELS,
  markText,
  SURFACES,
  surfaceLabel,
  todayInZone,
  toothEntry,
  type AppointmentStatus,
  type Gender,
  type RecordExport,
} from '@odontia/shared';
import { renderPdf, type Content } from '../../platform/pdf.ts';

/**
 * `historia.pdf`: the record of `historia.json`, for people (issue 22). Spanish, A4, in the clinic's
 * time zone: the clinic and the patient, the medical alerts, the signed notes with their addenda in
 * chronological order, the current chart as a table of teeth, the consents and the appointments.
 */

const dash = '—';
const orDash = (value: string | null | undefined) => (value && value.trim() ? value : dash);

const section = (title: string): Content => ({ text: title, style: 'section' });
const empty = (text: string): Content => ({ text, style: 'muted' });

/** A table with a header row, repeated on every page it spans. */
const table = (widths: (number | string)[], header: string[], rows: Content[][]): Content => ({
  table: {
    headerRows: 1,
    widths,
    body: [header.map((h) => ({ text: h, style: 'th' })), ...rows],
  },
  layout: 'lightHorizontalLines',
  margin: [0, 0, 0, 4],
});

const alertText = (a: RecordExport['antecedentes'][number]): string => {
  if (a.tipo === 'condicion') {
    const label = a.condicion ? ALERT_CONDITION_LABELS[a.condicion] : '';
    return a.condicion === 'otra' && a.descripcion ? `${label}: ${a.descripcion}` : label;
  }
  return `${a.descripcion ?? ''}${a.anticoagulante ? ' (anticoagulante)' : ''}`;
};

export async function recordSummaryPdf(record: RecordExport): Promise<Buffer> {
  const zone = record.clinica.zonaHoraria;
  const when = (instant: string) => formatDateTime(instant, zone);
  const p = record.paciente;
  const c = record.clinica;
  const patientName = `${p.nombres} ${p.apellidos}`.trim();

  const alerts: Content = record.antecedentes.length
    ? table(
        ['auto', '*', 'auto', 'auto'],
        ['Tipo', 'Antecedente', 'Registrado', 'Retirado'],
        record.antecedentes.map((a) => [
          ALERT_KIND_LABELS[a.tipo],
          alertText(a),
          `${when(a.fechaRegistro)}\n${a.autor.nombre}`,
          a.retirada ? `${when(a.retirada.fecha)}\n${a.retirada.autor.nombre}` : 'Vigente',
        ]),
      )
    : empty('Sin antecedentes registrados.');

  const notes: Content[] = record.notas.length
    ? record.notas.map((n) => ({
        stack: [
          {
            text: [
              { text: `${formatDate(n.fecha)} · ${n.autor.nombre}`, bold: true },
              { text: `  Firmada el ${when(n.fechaFirma)}`, style: 'muted' },
            ],
          },
          ...(n.diagnostico
            ? [{ text: `Diagnóstico: ${n.diagnostico.codigo} ${n.diagnostico.descripcion}`.trim() }]
            : []),
          ...(n.procedimientos.length
            ? [{ text: `Procedimientos: ${n.procedimientos.map((x) => x.nombre || x.id).join(', ')}` }]
            : []),
          { text: n.texto, margin: [0, 2, 0, 2] },
          { text: `SHA-256 ${n.hash}`, style: 'hash' },
          ...n.adendas.map((d): Content => ({
            stack: [
              {
                text: [
                  { text: `Adenda · ${d.autor.nombre}`, bold: true },
                  { text: `  ${when(d.fecha)}`, style: 'muted' },
                ],
              },
              { text: d.texto },
              { text: `SHA-256 ${d.hash}`, style: 'hash' },
            ],
            margin: [16, 4, 0, 0],
          })),
        ],
        // Not `unbreakable`: pdfmake lays such a block out twice, which doubled the time of a 200-note record.
        margin: [0, 0, 0, 10],
      }))
    : [empty('Sin notas clínicas firmadas.')];

  const current = record.odontograma.at(-1);
  const chart: Content[] = current
    ? [
        {
          text: `Versión ${current.version}, guardada el ${when(current.fecha)} por ${current.autor.nombre}. Dentición ${DENTITION_LABELS[chartDentition(current.carta)].toLowerCase()}.`,
          margin: [0, 0, 0, 4],
        },
        table(
          [40, 'auto', '*', '*'],
          ['Diente', 'Estado', 'Superficies', 'Notas'],
          chartTeeth(current.carta).map((id) => {
            const tooth = toothEntry(current.carta, id);
            const surfaces =
              tooth.estado === 'missing'
                ? ''
                : SURFACES.filter((s) => tooth.superficies[s].estado !== 'healthy')
                    .map((s) => `${surfaceLabel(id, s)}: ${markText(tooth.superficies[s])}`)
                    .join('\n');
            return [String(id), markText(tooth), orDash(surfaces), orDash(tooth.notas)];
          }),
        ),
      ]
    : [empty('Sin odontograma registrado.')];

  const consents: Content = record.consentimientos.length
    ? table(
        ['auto', '*', '*', 'auto'],
        ['Fecha', 'Consentimiento', 'Firmado por', 'Archivo'],
        record.consentimientos.map((x) => [
          when(x.fechaFirma),
          x.titulo,
          `${x.tutor ? `${x.tutor.nombre} (${x.tutor.relacion}) por ${x.pacienteNombre}` : x.pacienteNombre}\nProfesional: ${x.profesional.nombre}`,
          { text: x.archivo, fontSize: 7 },
        ]),
      )
    : empty('Sin consentimientos firmados.');

  const appointments: Content = record.citas.length
    ? table(
        ['auto', 'auto', '*', '*', 'auto'],
        ['Fecha', 'Hora', 'Motivo', 'Dentista', 'Estado'],
        record.citas.map((x) => [
          formatDate(x.fecha),
          `${x.horaInicio}-${x.horaFin}`,
          x.motivo,
          x.dentista,
          ESTADO_CITA_LABELS[x.estado as AppointmentStatus] ?? x.estado,
        ]),
      )
    : empty('Sin citas.');

  const clinicLine = [c.direccion, c.ciudad, c.pais].filter(Boolean).join(', ');
  return renderPdf({
    info: { title: `Historia clínica de ${patientName}`, author: c.nombre },
    pie: `${c.nombre} · Historia clínica de ${patientName} · exportada el ${when(record.exportadoEn)}`,
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      section: { fontSize: 13, bold: true, margin: [0, 14, 0, 6] },
      th: { bold: true },
      muted: { color: '#555555' },
      hash: { fontSize: 7, color: '#555555' },
    },
    content: [
      { text: c.nombre, bold: true },
      { text: [clinicLine, c.telefono ? `Tel. ${c.telefono}` : ''].filter(Boolean).join(' · '), style: 'muted' },
      { text: 'Historia clínica', style: 'title', margin: [0, 16, 0, 2] },
      {
        text: `Exportada el ${when(record.exportadoEn)} por ${record.exportadoPor.nombre}. Las anotaciones subjetivas de los profesionales no se incluyen (Ley 41/2002, art. 18.3).`,
        style: 'muted',
      },
      section('Paciente'),
      table(
        [120, '*'],
        ['Dato', 'Valor'],
        [
          ['Nombre', patientName],
          ['Fecha de nacimiento', orDash(formatDate(p.fechaNacimiento))],
          ['Género', p.genero ? (GENERO_LABELS[p.genero as Gender] ?? p.genero) : dash],
          ['Teléfono', orDash(p.telefono)],
          ['Email', orDash(p.email)],
          ['Dirección', orDash(p.direccion)],
          ['Notas', orDash(p.notas)],
          ['Paciente desde', formatDate(todayInZone(zone, new Date(p.fechaRegistro)))],
        ],
      ),
      section('Antecedentes médicos'),
      alerts,
      section('Notas clínicas'),
      ...notes,
      section('Odontograma actual'),
      ...chart,
      section('Consentimientos informados'),
      consents,
      section('Citas'),
      appointments,
    ],
  });
}
