import { randomUUID } from 'node:crypto';
import { defaultTaxType, DENTIST_COLOR_VALUES, ESPECIALIDADES, type SpecialtyId } from '@odontia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import {
  clinicas,
  dentistas,
  especialidades,
  horariosDentista,
  productos,
  user,
  type ScheduleRow,
} from '../db/schema/index.ts';
import { createClinic } from '../features/clinic/clinic.service.ts';

/** Reference data: the eight specialties of spec 000 §3, kept in step with the code on every start. */
export async function seedSpecialties(db: Executor): Promise<void> {
  await db
    .insert(especialidades)
    .values(ESPECIALIDADES.map((e) => ({ ...e })))
    .onConflictDoUpdate({
      target: especialidades.id,
      set: { nombre: sql`excluded.nombre`, icono: sql`excluded.icono`, descripcion: sql`excluded.descripcion` },
    });
}

type DemoClinic = {
  slug: string;
  nombre: string;
  ciudad: 'Madrid' | 'Barcelona' | 'Valencia' | 'Sevilla';
  direccion: string;
  telefono: string;
  descripcion: string;
  especialidades: SpecialtyId[];
  servicios: string[];
  horario: ScheduleRow[];
  /** Its active dentists: the public profile's 'Profesionales'. */
  dentistas: { nombres: string; apellidos: string; especialidad: SpecialtyId }[];
  destacada: boolean;
  /** Days since publication: under 30 shows the "Nueva" badge. */
  publicadaHaceDias: number;
  /** Days since the public profile last changed: under 14 shows "Novedades". */
  actualizadaHaceDias: number | null;
};

const HORARIO_COMPLETO: ScheduleRow[] = [
  { dias: 'Lunes a viernes', horas: '09:00 - 20:00' },
  { dias: 'Sábados', horas: '10:00 - 14:00' },
  { dias: 'Domingos y festivos', horas: 'Cerrado' },
];
const HORARIO_PARTIDO: ScheduleRow[] = [
  { dias: 'Lunes a jueves', horas: '09:30 - 14:00 y 16:00 - 20:30' },
  { dias: 'Viernes', horas: '09:30 - 15:00' },
  { dias: 'Sábados, domingos y festivos', horas: 'Cerrado' },
];

/** The ten sample clinics of spec 000 §3, in Madrid, Barcelona, Valencia and Sevilla. */
export const DEMO_CLINICS: DemoClinic[] = [
  {
    slug: 'sonrisa-madrid',
    nombre: 'Clínica Dental Sonrisa Madrid',
    ciudad: 'Madrid',
    direccion: 'Calle de Alcalá 120, 28009 Madrid',
    telefono: '910 123 456',
    descripcion:
      'Más de 20 años cuidando sonrisas en el barrio de Salamanca. Tecnología digital, escáner intraoral y un equipo multidisciplinar para toda la familia.',
    especialidades: ['odontologia-general', 'ortodoncia', 'estetica-dental', 'implantologia'],
    servicios: [
      'Revisión y limpieza dental',
      'Ortodoncia invisible',
      'Blanqueamiento dental',
      'Implantes de carga inmediata',
      'Radiografía digital 3D',
    ],
    horario: HORARIO_COMPLETO,
    dentistas: [
      { nombres: 'Lucía', apellidos: 'Fernández', especialidad: 'ortodoncia' },
      { nombres: 'Javier', apellidos: 'Morales', especialidad: 'implantologia' },
      { nombres: 'Elena', apellidos: 'Ruiz', especialidad: 'odontologia-general' },
    ],
    destacada: true,
    publicadaHaceDias: 420,
    actualizadaHaceDias: null,
  },
  {
    slug: 'retiro',
    nombre: 'Centro Odontológico Retiro',
    ciudad: 'Madrid',
    direccion: "Calle de O'Donnell 34, 28009 Madrid",
    telefono: '914 567 890',
    descripcion:
      'Especialistas en encías e implantes junto al parque del Retiro. Primera visita con diagnóstico periodontal completo y plan de tratamiento por escrito.',
    especialidades: ['periodoncia', 'implantologia', 'cirugia-oral'],
    servicios: ['Estudio periodontal', 'Curetajes', 'Injertos de encía', 'Implantes dentales', 'Elevación de seno'],
    horario: HORARIO_PARTIDO,
    dentistas: [
      { nombres: 'Andrés', apellidos: 'Castillo', especialidad: 'periodoncia' },
      { nombres: 'Marta', apellidos: 'Gil', especialidad: 'cirugia-oral' },
    ],
    destacada: true,
    publicadaHaceDias: 300,
    actualizadaHaceDias: 6,
  },
  {
    slug: 'chamberi-kids',
    nombre: 'Dental Chamberí Kids',
    ciudad: 'Madrid',
    direccion: 'Calle de Fuencarral 150, 28010 Madrid',
    telefono: '913 210 987',
    descripcion:
      'Odontología pensada para los más pequeños: consultas con juegos, prevención desde el primer diente y ortodoncia interceptiva para niños y adolescentes.',
    especialidades: ['odontopediatria', 'ortodoncia', 'odontologia-general'],
    servicios: [
      'Primera visita infantil',
      'Selladores de fisuras',
      'Flúor y prevención',
      'Ortodoncia interceptiva',
      'Urgencias infantiles',
    ],
    horario: [
      { dias: 'Lunes a viernes', horas: '10:00 - 19:30' },
      { dias: 'Sábados', horas: '10:00 - 13:30' },
    ],
    dentistas: [
      { nombres: 'Paula', apellidos: 'Navarro', especialidad: 'odontopediatria' },
      { nombres: 'Sergio', apellidos: 'Blanco', especialidad: 'ortodoncia' },
    ],
    destacada: false,
    publicadaHaceDias: 9,
    actualizadaHaceDias: null,
  },
  {
    slug: 'diagonal',
    nombre: 'Clínica Dental Diagonal',
    ciudad: 'Barcelona',
    direccion: 'Avinguda Diagonal 450, 08006 Barcelona',
    telefono: '932 345 678',
    descripcion:
      'Centro de referencia en implantología y estética en el Eixample. Cirugía guiada por ordenador y carillas diseñadas digitalmente en nuestro laboratorio propio.',
    especialidades: ['implantologia', 'cirugia-oral', 'estetica-dental', 'periodoncia', 'endodoncia'],
    servicios: [
      'Cirugía guiada',
      'Carillas de porcelana',
      'Diseño digital de sonrisa',
      'Endodoncia con microscopio',
      'Sedación consciente',
    ],
    horario: HORARIO_COMPLETO,
    dentistas: [
      { nombres: 'Jordi', apellidos: 'Puig', especialidad: 'implantologia' },
      { nombres: 'Núria', apellidos: 'Vidal', especialidad: 'estetica-dental' },
      { nombres: 'Marc', apellidos: 'Soler', especialidad: 'endodoncia' },
    ],
    destacada: true,
    publicadaHaceDias: 510,
    actualizadaHaceDias: null,
  },
  {
    slug: 'somriure-gracia',
    nombre: 'Somriure Gràcia Dental',
    ciudad: 'Barcelona',
    direccion: 'Carrer Gran de Gràcia 85, 08012 Barcelona',
    telefono: '933 456 789',
    descripcion:
      'Ortodoncia y estética en el corazón de Gràcia. Alineadores transparentes con seguimiento digital y blanqueamientos en una sola sesión.',
    especialidades: ['ortodoncia', 'estetica-dental'],
    servicios: [
      'Alineadores transparentes',
      'Brackets estéticos',
      'Blanqueamiento en clínica',
      'Retenedores',
      'Estudio de ortodoncia gratuito',
    ],
    horario: HORARIO_PARTIDO,
    dentistas: [
      { nombres: 'Laia', apellidos: 'Ferrer', especialidad: 'ortodoncia' },
      { nombres: 'Pau', apellidos: 'Roca', especialidad: 'estetica-dental' },
    ],
    destacada: false,
    publicadaHaceDias: 150,
    actualizadaHaceDias: 2,
  },
  {
    slug: 'barceloneta',
    nombre: 'Barceloneta Dental Care',
    ciudad: 'Barcelona',
    direccion: 'Passeig de Joan de Borbó 20, 08003 Barcelona',
    telefono: '934 567 123',
    descripcion:
      'Clínica de proximidad junto al mar. Urgencias en el día, endodoncias y todos los tratamientos de odontología general.',
    especialidades: ['odontologia-general', 'endodoncia'],
    servicios: ['Urgencias dentales', 'Empastes', 'Endodoncias', 'Limpieza dental', 'Prótesis removibles'],
    horario: [
      { dias: 'Lunes a viernes', horas: '08:30 - 21:00' },
      { dias: 'Sábados', horas: '09:00 - 14:00' },
    ],
    dentistas: [
      { nombres: 'Oriol', apellidos: 'Martí', especialidad: 'odontologia-general' },
      { nombres: 'Carla', apellidos: 'Serra', especialidad: 'endodoncia' },
    ],
    destacada: false,
    publicadaHaceDias: 12,
    actualizadaHaceDias: null,
  },
  {
    slug: 'turia',
    nombre: 'Clínica Dental Turia',
    ciudad: 'Valencia',
    direccion: 'Avenida del Puerto 60, 46023 Valencia',
    telefono: '963 123 789',
    descripcion:
      'Tres generaciones de dentistas en Valencia. Tratamientos de encías, endodoncia y odontología general con un trato cercano y presupuestos sin sorpresas.',
    especialidades: ['odontologia-general', 'periodoncia', 'endodoncia'],
    servicios: ['Revisión anual', 'Tratamiento de encías', 'Endodoncia', 'Coronas de zirconio', 'Férulas de descarga'],
    horario: HORARIO_COMPLETO,
    dentistas: [
      { nombres: 'Vicente', apellidos: 'Llorens', especialidad: 'periodoncia' },
      { nombres: 'Amparo', apellidos: 'Sanchis', especialidad: 'odontologia-general' },
    ],
    destacada: true,
    publicadaHaceDias: 700,
    actualizadaHaceDias: null,
  },
  {
    slug: 'ruzafa',
    nombre: 'Ruzafa Estética Dental',
    ciudad: 'Valencia',
    direccion: 'Calle de Sueca 12, 46006 Valencia',
    telefono: '961 234 567',
    descripcion:
      'Estudio de estética dental en Ruzafa: carillas, blanqueamiento y ortodoncia invisible con resultados naturales.',
    especialidades: ['estetica-dental', 'ortodoncia'],
    servicios: ['Carillas de composite', 'Blanqueamiento LED', 'Ortodoncia invisible', 'Contorneado estético'],
    horario: HORARIO_PARTIDO,
    dentistas: [
      { nombres: 'Clara', apellidos: 'Esteve', especialidad: 'estetica-dental' },
      { nombres: 'Hugo', apellidos: 'Peris', especialidad: 'ortodoncia' },
    ],
    destacada: false,
    publicadaHaceDias: 20,
    actualizadaHaceDias: 4,
  },
  {
    slug: 'giralda',
    nombre: 'Clínica Dental Giralda',
    ciudad: 'Sevilla',
    direccion: 'Avenida de la Constitución 20, 41004 Sevilla',
    telefono: '954 123 456',
    descripcion:
      'A dos pasos de la catedral. Implantes, cirugía oral y odontopediatría con quirófano propio y financiación a tu medida.',
    especialidades: ['implantologia', 'odontologia-general', 'cirugia-oral', 'odontopediatria'],
    servicios: [
      'Implantes dentales',
      'Extracción de muelas del juicio',
      'Odontopediatría',
      'Prótesis fija',
      'Financiación sin intereses',
    ],
    horario: HORARIO_COMPLETO,
    dentistas: [
      { nombres: 'Manuel', apellidos: 'Romero', especialidad: 'implantologia' },
      { nombres: 'Rocío', apellidos: 'Márquez', especialidad: 'odontopediatria' },
      { nombres: 'Álvaro', apellidos: 'Domínguez', especialidad: 'cirugia-oral' },
    ],
    destacada: true,
    publicadaHaceDias: 365,
    actualizadaHaceDias: null,
  },
  {
    slug: 'triana',
    nombre: 'Triana Salud Dental',
    ciudad: 'Sevilla',
    direccion: 'Calle San Jacinto 45, 41010 Sevilla',
    telefono: '955 678 901',
    descripcion:
      'Salud dental para toda la familia en Triana: niños, encías y endodoncias con citas de tarde y los sábados.',
    especialidades: ['odontopediatria', 'periodoncia', 'endodoncia'],
    servicios: ['Revisiones infantiles', 'Limpieza y periodoncia', 'Endodoncia', 'Empastes estéticos'],
    horario: [
      { dias: 'Lunes a viernes', horas: '11:00 - 21:00' },
      { dias: 'Sábados', horas: '09:30 - 14:30' },
    ],
    dentistas: [
      { nombres: 'Macarena', apellidos: 'Ortiz', especialidad: 'odontopediatria' },
      { nombres: 'Fernando', apellidos: 'Vega', especialidad: 'periodoncia' },
    ],
    destacada: false,
    publicadaHaceDias: 240,
    actualizadaHaceDias: 10,
  },
];

export const demoClinicImage = (slug: string) => `/demo/clinicas/${slug}.svg`;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/**
 * Demo data: the sample clinics with complete public profiles. Each has an owner of its own that
 * cannot sign in (a user row without an account), as the schema wants an owner for every clinic.
 */
export async function seedDirectoryDemo(tx: Executor): Promise<void> {
  for (const demo of DEMO_CLINICS) {
    const ownerId = randomUUID();
    const email = `demo.${demo.slug}@odontia.example`;
    await tx
      .insert(user)
      .values({ id: ownerId, name: demo.nombre, email, emailVerified: false, onboardingStep: 'completado' });
    // createClinic opens its own transaction; inside ours it becomes a savepoint.
    const clinica = await createClinic(
      tx as unknown as Database,
      { id: ownerId, email, nombres: demo.nombre },
      { nombre: demo.nombre, telefono: demo.telefono, pais: 'España', ciudad: demo.ciudad, direccion: demo.direccion },
    );
    await tx
      .update(clinicas)
      .set({
        publicada: true,
        fechaPublicacion: daysAgo(demo.publicadaHaceDias),
        fechaPerfilActualizado:
          demo.actualizadaHaceDias === null ? daysAgo(demo.publicadaHaceDias) : daysAgo(demo.actualizadaHaceDias),
        descripcion: demo.descripcion,
        especialidades: demo.especialidades,
        servicios: demo.servicios,
        horario: demo.horario,
        emailPublico: `info@${demo.slug}.example`,
        sitioWeb: `https://www.${demo.slug}.example`,
        imagenUrl: demoClinicImage(demo.slug),
        destacada: demo.destacada,
      })
      .where(eq(clinicas.id, clinica.id));
    const team = await tx
      .insert(dentistas)
      .values(
        demo.dentistas.map((d, i) => ({
          ...d,
          clinicaId: clinica.id,
          color: DENTIST_COLOR_VALUES[i % DENTIST_COLOR_VALUES.length],
        })),
      )
      .returning({ id: dentistas.id });
    // The featured clinics take online bookings (issue 24): their dentists' week and two bookable services.
    if (demo.destacada)
      await openOnlineBooking(
        tx,
        clinica.id,
        team.map((d) => d.id),
      );
  }
}

/** Monday to Friday 09:00-14:00 and 16:00-20:00, Saturday 10:00-14:00, as the profile's hours say. */
const DEMO_WEEK = [
  ...[1, 2, 3, 4, 5].flatMap((diaSemana) => [
    { diaSemana, horaInicio: '09:00', horaFin: '14:00' },
    { diaSemana, horaInicio: '16:00', horaFin: '20:00' },
  ]),
  { diaSemana: 6, horaInicio: '10:00', horaFin: '14:00' },
];

async function openOnlineBooking(tx: Executor, clinicaId: string, dentistaIds: string[]) {
  await tx.update(clinicas).set({ reservaOnline: true }).where(eq(clinicas.id, clinicaId));
  await tx
    .insert(horariosDentista)
    .values(dentistaIds.flatMap((dentistaId) => DEMO_WEEK.map((r) => ({ ...r, clinicaId, dentistaId }))));
  const tipoImpuesto = defaultTaxType({ pais: 'España' }, 'servicio');
  await tx.insert(productos).values(
    [
      { clinicaId, nombre: 'Primera visita y diagnóstico', categoria: 'servicio', duracionMinutos: 30, precioVenta: 0 },
      { clinicaId, nombre: 'Limpieza dental', categoria: 'servicio', duracionMinutos: 45, precioVenta: 6000 },
    ].map((item) => ({ ...item, tipoImpuesto, reservableOnline: true })),
  );
}
