import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { useCombobox } from '@/hooks/use-combobox';
import { cn } from '@/lib/utils';

type Props<T> = {
  combobox: ReturnType<typeof useCombobox<T>>;
  /** Names the list for screen readers ("Pacientes", "Insumos"). */
  label: string;
  options: T[];
  keyOf: (option: T) => string;
  /** The first answer is still on its way. */
  pending: boolean;
  emptyText: string;
  children: (option: T) => ReactNode;
};

/**
 * The popup of a form's searchable choice (the shared combobox, `useCombobox`): "Buscando..." until the
 * first answer, what to say when nothing matches, or the options, the active one highlighted.
 */
export function ComboboxOptions<T>({ combobox, label, options, keyOf, pending, emptyText, children }: Props<T>) {
  return (
    <ul
      id={combobox.listboxId}
      role="listbox"
      aria-label={label}
      hidden={!combobox.expanded}
      className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
    >
      {pending ? (
        <li role="presentation" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
          <Spinner decorative /> Buscando...
        </li>
      ) : options.length === 0 ? (
        <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
          {emptyText}
        </li>
      ) : (
        options.map((option, i) => (
          <li
            key={keyOf(option)}
            {...combobox.optionProps(option, i)}
            className={cn(
              'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
              i === combobox.active && 'bg-accent text-accent-foreground',
            )}
          >
            {children(option)}
          </li>
        ))
      )}
    </ul>
  );
}
