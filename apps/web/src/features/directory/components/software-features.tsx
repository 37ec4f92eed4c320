import { CalendarDays, ClipboardList, Globe, Package, ShieldCheck, Smile } from 'lucide-react';

export const FUNCIONES = [
  {
    Icon: CalendarDays,
    titulo: 'Agenda de citas',
    texto: 'Lista y calendario por día, semana o mes, con el estado de cada cita y el dentista que la atiende.',
  },
  {
    Icon: ClipboardList,
    titulo: 'Pacientes e historiales',
    texto: 'Fichas completas con foto, contacto, visitas y notas, con búsqueda instantánea.',
  },
  {
    Icon: Smile,
    titulo: 'Odontograma digital',
    texto: 'Marca caries, obturaciones, coronas o implantes diente a diente y guarda cada versión.',
  },
  {
    Icon: ShieldCheck,
    titulo: 'Equipo y permisos',
    texto: 'Invita a tu equipo con roles de Administrador, Dentista, Asistente o Recepción.',
  },
  {
    Icon: Package,
    titulo: 'Inventario y compras',
    texto: 'Controla productos, servicios e insumos y pide material a proveedores desde la tienda.',
  },
  {
    Icon: Globe,
    titulo: 'Perfil público',
    texto: 'Tu clínica en el directorio de Odontia, con solicitudes de cita que llegan a tu equipo.',
  },
] as const;

/** What the software does, for clinic owners. */
export function SoftwareFeatures({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FUNCIONES.map(({ Icon, titulo, texto }) => (
        <li key={titulo} className="rounded-xl border bg-card p-5 shadow-sm">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <Heading className="mt-4 font-semibold">{titulo}</Heading>
          <p className="mt-1 text-sm text-muted-foreground">{texto}</p>
        </li>
      ))}
    </ul>
  );
}
