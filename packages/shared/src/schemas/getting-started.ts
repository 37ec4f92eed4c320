/**
 * 'Primeros pasos', the getting-started checklist of a new clinic's dashboard (owner and
 * administrators: `clinica.editar`): each step is checked from the clinic's data
 * (GET /api/panel/primeros-pasos) and links to the screen where it is done; the card goes once all are.
 */
export const GETTING_STARTED_STEPS = ['perfil', 'dentistas', 'horario', 'equipo', 'catalogo', 'perfilPublico'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

export const GETTING_STARTED_LABELS: Record<GettingStartedStep, { titulo: string; enlace: string }> = {
  perfil: { titulo: 'Sube el logo de la clínica y revisa sus datos', enlace: '/settings' },
  dentistas: { titulo: 'Añade los dentistas de la agenda', enlace: '/dentistas' },
  horario: { titulo: 'Indica el horario de la clínica', enlace: '/settings' },
  equipo: { titulo: 'Invita a tu equipo', enlace: '/usuarios/nuevo' },
  catalogo: { titulo: 'Crea el catálogo de productos y servicios', enlace: '/productos/nuevo' },
  perfilPublico: { titulo: 'Describe la clínica y sus especialidades en el perfil público', enlace: '/settings' },
};

/** The answer of GET /api/panel/primeros-pasos: whether each step is done. */
export type GettingStarted = Record<GettingStartedStep, boolean>;
