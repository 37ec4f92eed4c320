import {
  chartDentition,
  DENTITION_ROWS,
  toothEntry,
  type ChartRow,
  type ChartSelection,
  type OdontogramChart,
  type Surface,
  type ToothId,
} from '@odontia/shared';
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import { Tooth, type ToothSelection } from './tooth';

type Props = {
  chart: OdontogramChart;
  /** Pattern ids (see StatusPatterns): rendered once by the caller. */
  patterns: string;
  selection?: ChartSelection;
  /** Stable callbacks (the teeth are memoised); without them the chart is read-only. */
  onSelectTooth?: (id: ToothId) => void;
  onSelectSurface?: (id: ToothId, surface: Surface) => void;
  /** History: per tooth, what changed from the version before. */
  changed?: ReadonlyMap<ToothId, string>;
  label: string;
};

const selectionOf = (selection: ChartSelection | undefined, id: ToothId): ToothSelection =>
  selection && selection.tooth === id ? (selection.surface ?? 'whole') : null;

/**
 * Where an arrow key goes from a tooth: along its row (over empty places), or to the nearest tooth of the
 * row above or below (the same column, else the closest one), so the primary rows of a mixed chart are
 * reached like the others.
 */
function nextTooth(rows: readonly ChartRow[], id: ToothId, key: string): ToothId | null {
  const r = rows.findIndex((row) => row.teeth.includes(id));
  if (r < 0) return null;
  const row = rows[r].teeth;
  const column = row.indexOf(id);
  const present = (teeth: readonly (ToothId | null)[]) => teeth.filter((t): t is ToothId => t !== null);
  const nearest = (teeth: readonly (ToothId | null)[]) => {
    let best: ToothId | null = null;
    let distance = Infinity;
    teeth.forEach((t, i) => {
      if (t !== null && Math.abs(i - column) < distance) {
        best = t;
        distance = Math.abs(i - column);
      }
    });
    return best;
  };
  switch (key) {
    case 'ArrowLeft':
      return present(row.slice(0, column)).at(-1) ?? id;
    case 'ArrowRight':
      return present(row.slice(column + 1))[0] ?? id;
    case 'ArrowUp':
      return r > 0 ? nearest(rows[r - 1].teeth) : id;
    case 'ArrowDown':
      return r < rows.length - 1 ? nearest(rows[r + 1].teeth) : id;
    case 'Home':
      return present(row)[0] ?? null;
    case 'End':
      return present(row).at(-1) ?? null;
    default:
      return null;
  }
}

const rowLabel = (row: ChartRow) => `Arcada ${row.arch}${row.primary ? ', dientes temporales' : ''}`;

/**
 * The teeth of the chart's dentición in rows of four quadrants (permanent: 18-11 | 21-28 above, 48-41 |
 * 31-38 below; temporal: 55-51 | 61-65 and 85-81 | 71-75; mixed: the primary rows between the permanent
 * ones, under the teeth they come before), as seen facing the patient. One tooth at a time is reached with Tab; the arrow keys move between teeth,
 * Enter or Space selects (the teeth are buttons).
 */
export function DentalChart({ chart, patterns, selection, onSelectTooth, onSelectSurface, changed, label }: Props) {
  const buttons = useRef(new Map<ToothId, HTMLButtonElement>());
  const rows = DENTITION_ROWS[chartDentition(chart)];
  const firstTooth = rows[0].teeth.find((t): t is ToothId => t !== null) ?? 18;
  const [focusedTooth, setFocused] = useState<ToothId>(firstTooth);
  // A dentición without the tooth last focused starts again from the first.
  const focused = chart[focusedTooth] ? focusedTooth : firstTooth;
  const registerButton = useCallback((id: ToothId, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(id, element);
    else buttons.current.delete(id);
  }, []);
  const interactive = !!onSelectTooth;
  // The tab stop follows the selection, so Tab comes back to the tooth being worked on.
  const tabStop = selection?.tooth ?? focused;

  const toothOf = (target: EventTarget) => Number((target as HTMLElement).dataset.tooth) as ToothId | 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const id = toothOf(event.target);
    const next = id ? nextTooth(rows, id, event.key) : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current.get(next)?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = toothOf(event.target);
    if (id) setFocused(id);
  };

  return (
    // The chart takes the width of its container (a container query decides the layout, not the window):
    // each arch in one row of 16 where the teeth are at least ~24 px wide, else each arch's two quadrants
    // one above the other (phones, narrow dialogs). Never wider than its container: nothing to scroll.
    <div
      role="group"
      aria-label={label}
      onKeyDown={interactive ? onKeyDown : undefined}
      onFocus={interactive ? onFocus : undefined}
      className="@container"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-6 py-1 @min-[26rem]:gap-4">
        {rows.map((row) => (
          <div
            key={`${row.arch}-${row.primary}`}
            role="group"
            aria-label={rowLabel(row)}
            className="flex flex-col gap-3 @min-[26rem]:flex-row @min-[26rem]:gap-0"
          >
            {[row.teeth.slice(0, 8), row.teeth.slice(8)].map((quadrant, q) => {
              const teeth = quadrant.filter((t): t is ToothId => t !== null);
              return (
                <div
                  key={q}
                  role="group"
                  aria-label={`Cuadrante ${Math.floor(teeth[0] / 10)}`}
                  className={cn(
                    'grid flex-1 grid-cols-8 gap-0.5',
                    q === 0
                      ? 'border-dashed border-border @min-[26rem]:border-r-2 @min-[26rem]:pr-1.5'
                      : '@min-[26rem]:pl-1.5',
                  )}
                >
                  {quadrant.map((id, i) =>
                    id === null ? (
                      // An empty place keeps a primary tooth under the permanent one it comes before.
                      <div key={`vacío-${i}`} aria-hidden="true" />
                    ) : (
                      <Tooth
                        key={id}
                        id={id}
                        entry={toothEntry(chart, id)}
                        upper={row.arch === 'superior'}
                        selected={selectionOf(selection, id)}
                        tabbable={id === tabStop}
                        patterns={patterns}
                        changed={changed?.get(id)}
                        onSelectTooth={onSelectTooth}
                        onSelectSurface={onSelectSurface}
                        registerButton={interactive ? registerButton : undefined}
                      />
                    ),
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
