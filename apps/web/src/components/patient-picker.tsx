import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { usePatientOptions } from '@/lib/patient-options';

export type PickedPatient = { id: string; nombres: string; apellidos: string; telefono: string | null };

const SEARCH_DELAY_MS = 250;
const nameOf = (p: PickedPatient) => `${p.nombres} ${p.apellidos}`;

type Props = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
  value: string;
  initial: PickedPatient | null;
  onChange: (id: string) => void;
  disabled?: boolean;
};

/**
 * A searchable choice among the clinic's active patients (ARIA 1.2 combobox; the appointment form,
 * the odontogram, the audit filter): type part of a name,
 * email or phone, move with the arrows, Enter or a click picks; the chosen patient shows with a
 * button to change it.
 */
export function PatientPicker({ value, initial, onChange, disabled, ...wiring }: Props) {
  const listboxId = `${useId()}-opciones`;
  const [picked, setPicked] = useState<PickedPatient | null>(initial && initial.id === value ? initial : null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const options = usePatientOptions(q);
  const results = options.data ?? [];
  const expanded = open && !disabled;

  const choose = (p: PickedPatient) => {
    setPicked(p);
    onChange(p.id);
    setOpen(false);
    setTerm('');
    setActive(-1);
  };

  if (picked && picked.id === value) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5">
        <span id={wiring.id} tabIndex={-1} className="text-sm">
          <span className="font-medium">{nameOf(picked)}</span>
          {picked.telefono ? <span className="ml-2 text-muted-foreground">{picked.telefono}</span> : null}
        </span>
        {disabled ? null : (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Cambiar paciente (${nameOf(picked)})`}
            onClick={() => {
              setPicked(null);
              onChange('');
              setOpen(true);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length)
        setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % results.length : i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const target = results[active] ?? (results.length === 1 ? results[0] : undefined);
      event.preventDefault();
      if (expanded && target) choose(target);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        {...wiring}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Buscar paciente por nombre, email o teléfono"
        value={term}
        disabled={disabled}
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Pacientes"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {options.isFetching && !options.data ? (
          <li role="presentation" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
            <Spinner decorative /> Buscando...
          </li>
        ) : results.length === 0 ? (
          <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
            No se encontraron pacientes activos
          </li>
        ) : (
          results.map((p, i) => (
            <li
              key={p.id}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                i === active && 'bg-accent text-accent-foreground',
              )}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p);
              }}
            >
              <span className="font-medium">{nameOf(p)}</span>
              {p.telefono ? <span className="ml-2 text-muted-foreground">{p.telefono}</span> : null}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
