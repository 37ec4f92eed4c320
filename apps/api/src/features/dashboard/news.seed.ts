import type { Executor } from '../../db/client.ts';
import { noticias } from '../../db/schema/index.ts';

/** 'Noticias de la comunidad' of the dashboard (DESIGN §1): a few items every installation starts with. */
export const NOTICIAS_INICIALES = [
  {
    titulo: 'La amalgama dental deja de usarse en la Unión Europea',
    fecha: '2025-01-02',
    resumen:
      'Desde el 1 de enero de 2025 la amalgama de mercurio ya no se utiliza en tratamientos dentales en la UE, salvo cuando el dentista lo considere estrictamente necesario por las necesidades médicas del paciente.',
    contenido:
      'El Reglamento (UE) 2024/1849 sobre el mercurio adelantó el fin de la amalgama dental: desde el 1 de enero de 2025 no debe emplearse en tratamientos dentales, con una excepción para los casos en que el odontólogo la considere estrictamente necesaria por las necesidades médicas específicas del paciente.\n\nPara la consulta esto supone revisar el protocolo de restauraciones directas con composites, ionómeros de vidrio u otros materiales alternativos, y seguir gestionando correctamente los residuos de amalgama de las restauraciones antiguas que se retiren: los separadores de amalgama siguen siendo obligatorios y deben mantenerse según las indicaciones del fabricante.\n\nConviene explicar el cambio a los pacientes que pregunten por sus empastes antiguos: no es necesario sustituir una amalgama en buen estado solo por la nueva norma.',
  },
  {
    titulo: 'Periodontitis y diabetes: una relación en los dos sentidos',
    fecha: '2026-03-14',
    resumen:
      'La periodontitis dificulta el control de la glucemia y la diabetes mal controlada agrava la enfermedad periodontal. La consulta dental es un buen lugar para detectar ambos problemas a tiempo.',
    contenido:
      'Las sociedades científicas de periodoncia y de diabetes insisten desde hace años en la relación bidireccional entre ambas enfermedades: la inflamación periodontal crónica empeora el control glucémico, y la hiperglucemia mantenida acelera la pérdida de inserción.\n\nEn la práctica diaria esto se traduce en preguntar por la diabetes en la anamnesis de todos los pacientes adultos, registrar el sondaje periodontal y derivar al médico de familia a quien presente signos de periodontitis avanzada sin diagnóstico de diabetes.\n\nEl tratamiento periodontal no quirúrgico, acompañado de instrucciones de higiene y revisiones periódicas, forma parte del cuidado integral del paciente diabético.',
  },
  {
    titulo: 'Menos citas perdidas: recordatorios y confirmación',
    fecha: '2026-06-09',
    resumen:
      'Un recordatorio uno o dos días antes y la posibilidad de confirmar o cambiar la cita reducen las ausencias y dejan huecos que se pueden ofrecer a otros pacientes.',
    contenido:
      'Las ausencias sin aviso cuestan tiempo de sillón y retrasan tratamientos. Las clínicas que recuerdan las citas con antelación, por mensaje o por llamada, y piden una confirmación sencilla suelen notar la diferencia en pocas semanas.\n\nAlgunas ideas que funcionan: enviar el recordatorio entre 24 y 48 horas antes, incluir la dirección y el nombre del profesional, ofrecer una forma fácil de cambiar la cita y mantener una lista de espera para ocupar los huecos que queden libres.\n\nRecuerda que para enviar recordatorios necesitas una base legítima para tratar los datos de contacto del paciente y que el mensaje no debe revelar información clínica.',
  },
  {
    titulo: 'Protección de datos en la clínica: lo que conviene revisar',
    fecha: '2026-09-22',
    resumen:
      'La historia clínica contiene datos de salud, una categoría especial según el RGPD. Revisar quién accede a qué, cómo se guardan las copias y cómo se informa al paciente evita problemas.',
    contenido:
      'Los datos de salud son una categoría especial de datos personales en el Reglamento General de Protección de Datos, y la legislación sanitaria obliga además a conservar la historia clínica durante un tiempo mínimo.\n\nUna revisión anual sencilla incluye: comprobar que cada miembro del equipo solo accede a lo que necesita para su trabajo, que las contraseñas son personales, que las copias de seguridad están cifradas y se pueden restaurar, y que el registro de actividades de tratamiento está al día.\n\nTambién conviene repasar los textos informativos que firman los pacientes y el procedimiento para atender sus derechos de acceso y rectificación.',
  },
  {
    titulo: 'Bioseguridad entre pacientes: repaso de buenas prácticas',
    fecha: '2026-11-04',
    resumen:
      'Higiene de manos, desinfección de superficies de contacto y trazabilidad de la esterilización: un repaso breve de los puntos que más se olvidan en los días con mucha agenda.',
    contenido:
      'Entre paciente y paciente, la higiene de manos sigue siendo la medida más eficaz: antes y después de cada contacto, y siempre al retirar los guantes.\n\nLas superficies que se tocan durante el tratamiento (lámpara, mandos del sillón, bandeja, teclado) deben limpiarse y desinfectarse o cubrirse con barreras desechables que se cambien en cada cita. Las líneas de agua de la unidad necesitan su propio protocolo de purga y tratamiento.\n\nEn la esterilización, el registro de cada ciclo y los controles químicos y biológicos periódicos permiten demostrar que el instrumental se procesó correctamente.',
  },
] as const;

/** Adds the initial news once; a title already present is left as it is (idempotent). */
export async function seedNews(db: Executor): Promise<void> {
  await db
    .insert(noticias)
    .values(NOTICIAS_INICIALES.map((n) => ({ ...n })))
    .onConflictDoNothing({ target: noticias.titulo });
}
