import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { ClinicCardData } from '../api/get-landing';
import { ClinicCard } from './clinic-card';

/**
 * Featured clinics: 1, 2 or 3 cards per row by width (spec 000 §2). Native scrolling with snap
 * points gives swipe on touch screens for free; the buttons and the arrow keys move one page.
 */
export function FeaturedCarousel({
  clinicas,
  nextSlots,
}: {
  clinicas: ClinicCardData[];
  /** 'Próximo hueco: …' by clinic, once known. */
  nextSlots: ReadonlyMap<string, string>;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
  }, []);

  useEffect(() => {
    measure();
    const el = track.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, clinicas.length]);

  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      page(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      page(-1);
    }
  };

  return (
    <div className="relative">
      <div
        ref={track}
        tabIndex={0}
        role="region"
        aria-roledescription="carrusel"
        aria-label="Clínicas destacadas: usa las flechas izquierda y derecha para desplazarte"
        onScroll={measure}
        onKeyDown={onKeyDown}
        className="-mx-4 snap-x snap-mandatory scroll-px-4 overflow-x-auto px-4 pt-1 pb-4 outline-none [scrollbar-width:none] focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-scrollbar]:hidden"
      >
        <ul className="flex gap-4">
          {clinicas.map((clinica, i) => (
            <li
              key={clinica.id}
              aria-label={`${i + 1} de ${clinicas.length}`}
              className="w-full shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]"
            >
              <ClinicCard clinica={clinica} proximoHueco={nextSlots.get(clinica.id)} />
            </li>
          ))}
        </ul>
      </div>
      {edges.start && edges.end ? null : (
        <div className="mt-2 flex justify-end gap-2">
          <button
            type="button"
            className={buttonVariants({ variant: 'outline', size: 'icon' })}
            onClick={() => page(-1)}
            disabled={edges.start}
            aria-label="Clínicas anteriores"
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline', size: 'icon' })}
            onClick={() => page(1)}
            disabled={edges.end}
            aria-label="Clínicas siguientes"
          >
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
