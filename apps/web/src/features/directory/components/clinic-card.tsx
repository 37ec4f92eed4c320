import { ONLINE_BOOKING_BADGE, SPECIALTY_CHIPS_MAX, specialtyName } from '@odontia/shared';
import { CalendarCheck, MapPin, Phone } from 'lucide-react';
import { cx } from '@/lib/cx';
import type { ClinicCardData } from '../api/get-landing';
import { ClinicBadges } from './clinic-badges';
import { ClinicImage } from '@/components/clinic-image';

/**
 * Spec 000 §2: image, name, city, description or phone, up to 3 specialty chips plus '+N más',
 * badges ('Reserva online' when the clinic takes online bookings), and 'Ver detalles'. The name's link
 * covers the whole card, so a tap anywhere opens the profile.
 */
export function ClinicCard({
  clinica,
  className,
  headingLevel = 3,
  proximoHueco,
}: {
  clinica: ClinicCardData;
  className?: string;
  headingLevel?: 2 | 3;
  /** 'Próximo hueco: …' once known (api/next-slots.ts), for a clinic that takes online bookings. */
  proximoHueco?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const chips = clinica.especialidades.slice(0, SPECIALTY_CHIPS_MAX);
  const more = clinica.especialidades.length - chips.length;
  return (
    <article
      className={cx(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-ring',
        className,
      )}
    >
      <div className="relative">
        <ClinicImage src={clinica.imagen} />
        <ClinicBadges clinica={clinica} compact className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <Heading className="text-base leading-snug font-semibold">
            {/* The stretched link makes the whole card clickable while keeping one link per card. */}
            <a
              href={`/clinicas/${clinica.id}`}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {clinica.nombre}
            </a>
          </Heading>
          {clinica.ciudad ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              {clinica.ciudad}
            </p>
          ) : null}
          {clinica.reservaOnline ? (
            <>
              <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                <CalendarCheck className="size-3.5" aria-hidden="true" />
                {ONLINE_BOOKING_BADGE}
              </p>
              {/* Its line is there before the slot comes, and it never wraps: the card does not move. */}
              <p className="mt-1 h-4 truncate text-xs text-muted-foreground" title={proximoHueco}>
                {proximoHueco}
              </p>
            </>
          ) : null}
        </div>
        {clinica.descripcion ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{clinica.descripcion}</p>
        ) : clinica.telefono ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Phone className="size-3.5" aria-hidden="true" />
            {clinica.telefono}
          </p>
        ) : null}
        {chips.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Especialidades">
            {chips.map((slug) => (
              <li
                key={slug}
                className="rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
              >
                {specialtyName(slug)}
              </li>
            ))}
            {more > 0 ? (
              <li className="rounded-md border px-2 py-0.5 text-xs font-medium text-muted-foreground">+{more} más</li>
            ) : null}
          </ul>
        ) : null}
        <a
          href={`/clinicas/${clinica.id}`}
          aria-label={`Ver detalles de ${clinica.nombre}`}
          className="relative z-10 mt-auto inline-flex h-9 items-center justify-center rounded-md border bg-background px-4 text-sm font-medium transition-colors outline-none group-hover:bg-accent group-hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          Ver detalles
        </a>
      </div>
    </article>
  );
}
