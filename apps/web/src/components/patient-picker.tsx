import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { ComboboxOptions } from '@/components/combobox-options';
import { MedicalAlertBadge } from '@/components/medical-alert-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCombobox } from '@/hooks/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
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
      <ComboboxOptions
        combobox={combobox}
        label="Pacientes"
        options={results}
        keyOf={(p) => p.id}
        pending={options.isFetching && !options.data}
        emptyText="No se encontraron pacientes activos"
      >
        {(p) => (
          <>
            <span className="font-medium">{nameOf(p)}</span>
            {p.telefono ? <span className="ml-2 text-muted-foreground">{p.telefono}</span> : null}
            {p.alertas.length ? <MedicalAlertBadge alertas={p.alertas} compact className="ml-2 align-middle" /> : null}
          </>
        )}
      </ComboboxOptions>
    </div>
  );
}
