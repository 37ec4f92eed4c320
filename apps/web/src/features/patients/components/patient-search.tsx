import { Search } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { useCombobox } from '@/hooks/use-combobox';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePatientSuggestions, type PatientSuggestion } from '../api/search-patients';

const SEARCH_DELAY_MS = 250;

const nameOf = (p: PatientSuggestion) => `${p.nombres} ${p.apellidos}`;

/**
 * The shell's top-bar search (DESIGN §1: it searches the clinic's patients and opens the result).
 * The shared combobox (useCombobox): Enter or a click opens the patient; Escape closes the list and
 * then clears.
 */
export function PatientSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const suggestions = usePatientSuggestions(query);
  const results = query ? (suggestions.data?.pacientes ?? []) : [];
  const waiting = term.trim() !== query || (suggestions.isFetching && !suggestions.data);
  const combobox = useCombobox({
    options: results,
    canExpand: term.trim().length > 0,
    onChoose: (patient: PatientSuggestion) => {
      setTerm('');
      input.current?.blur();
      navigate(`/pacientes/${patient.id}`);
    },
  });
  const { expanded } = combobox;

  // Escape with the list closed clears the box.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && !expanded && term) {
      event.preventDefault();
      setTerm('');
    } else combobox.inputProps.onKeyDown(event);
  };

  return (
    <div className={cn('relative w-full max-w-sm', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        ref={input}
        type="text"
        {...combobox.inputProps}
        aria-label="Buscar pacientes"
        spellCheck={false}
        placeholder="Buscar pacientes..."
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          combobox.typed();
        }}
        onKeyDown={onKeyDown}
        className="flex h-9 w-full rounded-md border border-input bg-transparent py-1 pr-8 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
      />
      {expanded && waiting ? (
        <span className="absolute top-1/2 right-2.5 -translate-y-1/2">
          <Spinner label="Buscando pacientes" className="size-3.5" />
        </span>
      ) : null}
      <ul
        id={combobox.listboxId}
        role="listbox"
        aria-label="Pacientes encontrados"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-80 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {results.map((p, index) => (
          <li
            key={p.id}
            {...combobox.optionProps(p, index)}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
              index === combobox.active && 'bg-accent text-accent-foreground',
            )}
          >
            <Avatar className="size-7">
              {p.fotoUrl ? <AvatarImage src={p.fotoUrl} alt="" /> : null}
              <AvatarFallback name={nameOf(p)} />
            </Avatar>
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{nameOf(p)}</span>
              {p.email || p.telefono ? (
                <span className="truncate text-xs text-muted-foreground">{p.email ?? p.telefono}</span>
              ) : null}
            </span>
          </li>
        ))}
        {!waiting && query && results.length === 0 ? (
          <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
            {suggestions.isError ? 'No se pudo buscar. Inténtalo de nuevo.' : 'No se encontraron pacientes'}
          </li>
        ) : null}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded && !waiting && query
          ? results.length === 1
            ? '1 paciente encontrado'
            : `${results.length} pacientes encontrados`
          : ''}
      </p>
    </div>
  );
}
