import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { MedicalAlertBadge } from '@/components/medical-alert-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCombobox } from '@/hooks/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { usePatientOptions } from '@/lib/patient-options';

export type PickedPatient = {
  id: string;
  nombres: string;
  apellidos: string;
  telefono: string | null;
  /** The short list of medical alerts: the red badge beside the patient (issue 22). */
  alertas?: readonly string[];
};

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
 * A searchable choice among the clinic's active patients (the shared combobox, useCombobox; the appointment form,
 * the odontogram, the audit filter): type part of a name,
 * email or phone, move with the arrows, Enter or a click picks; the chosen patient shows with a
 * button to change it.
 */
export function PatientPicker({ value, initial, onChange, disabled, ...wiring }: Props) {
  const [picked, setPicked] = useState<PickedPatient | null>(initial && initial.id === value ? initial : null);
  const [term, setTerm] = useState('');
  const q = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const options = usePatientOptions(q);
  const results = options.data ?? [];
  const combobox = useCombobox({
    options: results,
    canExpand: !disabled,
    onChoose: (p: PickedPatient) => {
      setPicked(p);
      onChange(p.id);
      setTerm('');
    },
  });
  const expanded = combobox.expanded;

  if (picked && picked.id === value) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5">
        <span id={wiring.id} tabIndex={-1} className="text-sm">
          <span className="font-medium">{nameOf(picked)}</span>
          {picked.telefono ? <span className="ml-2 text-muted-foreground">{picked.telefono}</span> : null}
          {picked.alertas?.length ? <MedicalAlertBadge alertas={picked.alertas} className="ml-2 align-middle" /> : null}
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
              combobox.open();
            }}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    );
  }

  // Enter never sends the form from here: it picks, or does nothing.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    combobox.inputProps.onKeyDown(event);
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <div className="relative">
      <Input
        {...wiring}
        {...combobox.inputProps}
        placeholder="Buscar paciente por nombre, email o teléfono"
        value={term}
        disabled={disabled}
        onChange={(e) => {
          setTerm(e.target.value);
          combobox.typed();
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={combobox.listboxId}
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
              {...combobox.optionProps(p, i)}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                i === combobox.active && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="font-medium">{nameOf(p)}</span>
              {p.telefono ? <span className="ml-2 text-muted-foreground">{p.telefono}</span> : null}
              {p.alertas.length ? (
                <MedicalAlertBadge alertas={p.alertas} compact className="ml-2 align-middle" />
              ) : null}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
