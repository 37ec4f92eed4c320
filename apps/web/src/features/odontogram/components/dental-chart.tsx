import {
  LOWER_TEETH,
  UPPER_TEETH,
  type ChartSelection,
  type OdontogramChart,
  type Surface,
  type ToothId,
} from '@odontia/shared';
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import { Tooth, type ToothSelection } from './tooth';

const ROWS = [UPPER_TEETH, LOWER_TEETH] as const;

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

/** Where an arrow key goes from a tooth: along its row, or to the same place in the other row. */
function nextTooth(id: ToothId, key: string): ToothId | null {
  const rowIndex = (UPPER_TEETH as readonly number[]).includes(id) ? 0 : 1;
  const row = ROWS[rowIndex] as readonly ToothId[];
  const column = row.indexOf(id);
  switch (key) {
    case 'ArrowLeft':
      return row[Math.max(0, column - 1)] ?? null;
    case 'ArrowRight':
      return row[Math.min(row.length - 1, column + 1)] ?? null;
    case 'ArrowUp':
      return (ROWS[0] as readonly ToothId[])[column] ?? null;
    case 'ArrowDown':
      return (ROWS[1] as readonly ToothId[])[column] ?? null;
    case 'Home':
      return row[0] ?? null;
    case 'End':
      return row[row.length - 1] ?? null;
    default:
      return null;
  }
}

/**
 * The 32 teeth in two rows of four quadrants (18-11 | 21-28 above, 48-41 | 31-38 below), as seen
 * facing the patient. One tooth at a time is reached with Tab; the arrow keys move between teeth,
 * Enter or Space selects (the teeth are buttons).
 */
export function DentalChart({ chart, patterns, selection, onSelectTooth, onSelectSurface, changed, label }: Props) {
  const buttons = useRef(new Map<ToothId, HTMLButtonElement>());
  const [focused, setFocused] = useState<ToothId>(UPPER_TEETH[0]);
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
    const next = id ? nextTooth(id, event.key) : null;
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
        {ROWS.map((row, rowIndex) => (
          <div
            key={rowIndex}
            role="group"
            aria-label={rowIndex === 0 ? 'Arcada superior' : 'Arcada inferior'}
            className="flex flex-col gap-3 @min-[26rem]:flex-row @min-[26rem]:gap-0"
          >
            {[row.slice(0, 8), row.slice(8)].map((quadrant, q) => (
              <div
                key={q}
                role="group"
                aria-label={`Cuadrante ${Math.floor(quadrant[0] / 10)}`}
                className={cn(
                  'grid flex-1 grid-cols-8 gap-0.5',
                  q === 0
                    ? 'border-dashed border-border @min-[26rem]:border-r-2 @min-[26rem]:pr-1.5'
                    : '@min-[26rem]:pl-1.5',
                )}
              >
                {quadrant.map((id) => (
                  <Tooth
                    key={id}
                    id={id}
                    entry={chart[id]}
                    upper={rowIndex === 0}
                    selected={selectionOf(selection, id)}
                    tabbable={id === tabStop}
                    patterns={patterns}
                    changed={changed?.get(id)}
                    onSelectTooth={onSelectTooth}
                    onSelectSurface={onSelectSurface}
                    registerButton={interactive ? registerButton : undefined}
                  />
                ))}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
