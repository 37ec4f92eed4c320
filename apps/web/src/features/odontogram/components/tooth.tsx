import { markText, surfaceLabel, SURFACES, type Surface, type ToothEntry, type ToothId } from '@odontia/shared';
import { memo, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import { STAGE_STYLES, STATUS_STYLES, surfaceFill } from './status-patterns';

/** The five surfaces drawn as a square seen from the biting side: four trapezoids round a centre. */
const SURFACE_POINTS: Record<Surface, string> = {
  top: '0,0 40,0 28,12 12,12',
  right: '40,0 40,40 28,28 28,12',
  bottom: '0,40 40,40 28,28 12,28',
  left: '0,0 12,12 12,28 0,40',
  center: '12,12 28,12 28,28 12,28',
};

/** What is selected in this tooth: the whole tooth, one surface, or nothing. */
export type ToothSelection = Surface | 'whole' | null;

/** The etapas other than existente a tooth shows (its own or a surface's), for the «P» and «✓» marks. */
const stagesOf = (entry: ToothEntry) => {
  const marks = [entry, ...SURFACES.map((s) => entry.superficies[s])];
  return {
    planificado: marks.some((m) => m.etapa === 'planificado'),
    realizado: marks.some((m) => m.etapa === 'realizado'),
  };
};

export const toothName = (id: ToothId, entry: ToothEntry) => {
  const stages = stagesOf(entry);
  const extra = [
    stages.planificado && entry.etapa !== 'planificado' ? 'con tratamiento planificado' : '',
    stages.realizado && entry.etapa !== 'realizado' ? 'con tratamiento realizado' : '',
    entry.notas ? 'con notas' : '',
  ].filter(Boolean);
  return `Diente ${id}: ${markText(entry)}${extra.length ? `, ${extra.join(', ')}` : ''}`;
};
export const surfaceAccessibleName = (id: ToothId, surface: Surface, entry: ToothEntry) =>
  `Diente ${id}, ${surfaceLabel(id, surface)}: ${markText(entry.superficies[surface])}`;

type Props = {
  id: ToothId;
  entry: ToothEntry;
  /** Upper teeth have their number above (the outer side), lower teeth below. */
  upper: boolean;
  selected: ToothSelection;
  /** The one tooth of the chart reached with Tab (roving tabindex); the arrows move it. */
  tabbable: boolean;
  /** Pattern ids of the chart (see StatusPatterns). */
  patterns: string;
  /** History: what changed from the version before ('estado', 'notas' and surface keys, comma-separated). */
  changed?: string;
  /** Without handlers the tooth is drawn read-only (history, print). */
  onSelectTooth?: (id: ToothId) => void;
  onSelectSurface?: (id: ToothId, surface: Surface) => void;
  registerButton?: (id: ToothId, element: HTMLButtonElement | null) => void;
};

/**
 * One tooth (spec 000 §2): a button with its number (selects the whole tooth) and five clickable
 * surfaces, each named with its anatomical name for this tooth (DESIGN §8). A missing tooth is a dash
 * with its number. Memoised: applying a status re-renders only the tooth whose entry changed.
 */
export const Tooth = memo(function Tooth({
  id,
  entry,
  upper,
  selected,
  tabbable,
  patterns,
  changed,
  onSelectTooth,
  onSelectSurface,
  registerButton,
}: Props) {
  const interactive = !!onSelectTooth;
  const changes = changed ? changed.split(',') : [];
  const missing = entry.estado === 'missing';
  const stages = stagesOf(entry);
  const toothStage = entry.etapa === 'existente' ? null : STAGE_STYLES[entry.etapa];
  // «P» and «✓» in the corner: a planned or done entry is told apart by a mark, not by colour alone.
  const badges = (
    <>
      {stages.planificado ? (
        <g data-stage-mark="planificado" pointerEvents="none">
          <circle cx="5" cy="5" r="7.5" fill="#ffffff" stroke={STAGE_STYLES.planificado.ink} strokeWidth="1.5" />
          <text x="5" y="9.5" textAnchor="middle" fontSize="12" fontWeight="700" fill={STAGE_STYLES.planificado.ink}>
            P
          </text>
        </g>
      ) : null}
      {stages.realizado ? (
        <g data-stage-mark="realizado" pointerEvents="none">
          <circle cx="35" cy="5" r="7.5" fill="#ffffff" stroke={STAGE_STYLES.realizado.ink} strokeWidth="1.5" />
          <path d="M31,5.5 l3,3 l5,-6" fill="none" stroke={STAGE_STYLES.realizado.ink} strokeWidth="2.2" />
        </g>
      ) : null}
    </>
  );

  const numberClass = cn(
    'flex min-h-6 w-full items-center justify-center rounded-md border border-transparent text-xs font-medium tabular-nums outline-none',
    changes.includes('estado') && 'outline-2 outline-offset-1 outline-amber-500 outline-dashed',
  );
  const number = interactive ? (
    <button
      type="button"
      ref={registerButton ? (el) => registerButton(id, el) : undefined}
      data-tooth={id}
      tabIndex={tabbable ? 0 : -1}
      aria-label={toothName(id, entry)}
      aria-pressed={selected === 'whole'}
      onClick={() => onSelectTooth(id)}
      className={cn(
        numberClass,
        'cursor-pointer hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
        // The selection is the screen's, not the record's: not on paper.
        selected === 'whole' &&
          'border-primary bg-primary/10 ring-2 ring-primary print:border-transparent print:bg-transparent print:ring-0',
      )}
    >
      {id}
    </button>
  ) : (
    <span role="img" aria-label={toothName(id, entry)} className={numberClass}>
      {id}
    </span>
  );

  const onSurfaceKey = (event: KeyboardEvent, surface: Surface) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectSurface?.(id, surface);
    }
  };

  // The drawing takes the width of its column (the chart sizes the columns to its container).
  const drawingClass = 'block aspect-square h-auto w-full overflow-visible';
  const drawing = missing ? (
    <svg role="img" aria-label={`Diente ${id} ausente`} viewBox="-1 -1 42 42" className={drawingClass}>
      <path
        d="M8,20 h24"
        stroke={toothStage?.ink ?? STATUS_STYLES.missing.ink}
        strokeWidth="4"
        strokeLinecap="round"
        strokeDasharray={toothStage?.dash}
      />
      {badges}
    </svg>
  ) : (
    <svg viewBox="-1 -1 42 42" className={drawingClass} aria-label={`Superficies del diente ${id}`} role="group">
      {SURFACES.map((surface) => (
        <polygon
          key={surface}
          points={SURFACE_POINTS[surface]}
          fill={surfaceFill(patterns, entry, surface)}
          stroke="#64748b"
          strokeWidth="1"
          role={interactive ? 'button' : 'img'}
          tabIndex={interactive ? -1 : undefined}
          aria-label={surfaceAccessibleName(id, surface, entry)}
          aria-pressed={interactive ? selected === surface : undefined}
          onClick={interactive ? () => onSelectSurface?.(id, surface) : undefined}
          onKeyDown={interactive ? (e) => onSurfaceKey(e, surface) : undefined}
          className={cn(interactive && 'cursor-pointer hover:opacity-80 focus:outline-none')}
        />
      ))}
      {/* Outlines on top: a whole tooth's status, the selected surface, and in the history what changed. */}
      {entry.estado !== 'healthy' ? (
        <rect
          x="0"
          y="0"
          width="40"
          height="40"
          fill="none"
          stroke={toothStage?.ink ?? STATUS_STYLES[entry.estado].ink}
          strokeWidth="3"
          strokeDasharray={toothStage?.dash}
          pointerEvents="none"
          data-tooth-status={entry.estado}
          data-tooth-stage={entry.etapa}
        />
      ) : null}
      {/* A surface planned or done apart from the tooth: its own outline (dashed red, solid blue). */}
      {SURFACES.filter((s) => entry.superficies[s].etapa !== 'existente').map((s) => {
        const stage = entry.superficies[s].etapa;
        const style = stage === 'existente' ? null : STAGE_STYLES[stage];
        return style ? (
          <polygon
            key={`e-${s}`}
            points={SURFACE_POINTS[s]}
            fill="none"
            stroke={style.ink}
            strokeWidth="2"
            strokeDasharray={style.dash}
            pointerEvents="none"
            data-surface-stage={stage}
          />
        ) : null;
      })}
      {badges}
      {SURFACES.filter((s) => changes.includes(s)).map((s) => (
        <polygon
          key={`c-${s}`}
          points={SURFACE_POINTS[s]}
          fill="none"
          stroke="#f59e0b"
          strokeWidth="3"
          strokeDasharray="4 2"
          pointerEvents="none"
          data-changed={s}
        />
      ))}
      {selected && selected !== 'whole' ? (
        <polygon
          points={SURFACE_POINTS[selected]}
          fill="none"
          stroke="var(--primary)"
          strokeWidth="3"
          pointerEvents="none"
          className="print:hidden"
        />
      ) : null}
    </svg>
  );

  return (
    <div
      className={cn(
        'flex min-w-0 flex-col items-center gap-1',
        changes.length > 0 && 'rounded-md bg-amber-100/60 dark:bg-amber-900/30',
      )}
      data-changed={changes.length > 0 || undefined}
    >
      {upper ? number : drawing}
      {upper ? drawing : number}
    </div>
  );
});
