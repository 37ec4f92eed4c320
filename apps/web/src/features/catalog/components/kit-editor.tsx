import { CATALOG_MESSAGES, KIT_MAX_LINES, KIT_QUANTITY_MAX, type KitLineData } from '@odontia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { ComboboxOptions } from '@/components/combobox-options';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCombobox } from '@/hooks/use-combobox';
import { api, unwrap } from '@/lib/api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { catalogKey } from '../api/catalog';

const SEARCH_DELAY_MS = 250;

type Supply = { id: string; nombre: string; unidadMedida: string | null };

/** The clinic's supplies matching a term (active or not: a kit may keep one it no longer buys). */
const useSupplyOptions = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...catalogKey, 'insumos-para-kit', q],
    queryFn: async (): Promise<Supply[]> => {
      const page = await unwrap(api.productos.$get({ query: { categoria: 'insumo', q, pagina: '1' } }));
      return page.items.map(({ id, nombre, unidadMedida }) => ({ id, nombre, unidadMedida }));
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

type Props = {
  value: KitLineData[];
  onChange: (kit: KitLineData[]) => void;
  /** The names of the supplies the kit had when the form opened. */
  known: Supply[];
  error?: string;
  disabled?: boolean;
};

/**
 * A service's supplies kit (issue 23): the supplies and units one service consumes. A supply is
 * added by searching the clinic's insumos (the shared combobox: arrows, Enter, a click); each line
 * has its quantity and a button to take it out.
 */
export function KitEditor({ value, onChange, known, error, disabled }: Props) {
  const id = useId();
  const [names, setNames] = useState(() => new Map(known.map((s) => [s.id, s])));
  const [term, setTerm] = useState('');
  const [searching, setSearching] = useState(false);
  const q = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const options = useSupplyOptions(q, searching && !disabled);
  const inKit = new Set(value.map((l) => l.insumoId));
  const results = (options.data ?? []).filter((s) => !inKit.has(s.id));
  const combobox = useCombobox({
    options: results,
    canExpand: searching && !disabled,
    onChoose: (supply: Supply) => {
      setNames((current) => new Map(current).set(supply.id, supply));
      onChange([...value, { insumoId: supply.id, cantidad: 1 }]);
      setTerm('');
    },
  });
  const full = value.length >= KIT_MAX_LINES;
  const setQuantity = (insumoId: string, cantidad: number) =>
    onChange(value.map((l) => (l.insumoId === insumoId ? { ...l, cantidad } : l)));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    combobox.inputProps.onKeyDown(event);
    // Enter picks a supply; it never sends the item's form.
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <fieldset
      className="grid gap-3 rounded-md border p-4"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className="px-1 text-sm font-medium">{CATALOG_MESSAGES.kitTitle}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {CATALOG_MESSAGES.kitHint}
      </p>
      {value.length ? (
        <ul className="grid gap-2" aria-label="Insumos del kit">
          {value.map((line) => {
            const supply = names.get(line.insumoId);
            const label = supply?.nombre ?? 'Insumo';
            return (
              <li key={line.insumoId} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 text-sm">{label}</span>
                <label className="sr-only" htmlFor={`${id}-${line.insumoId}`}>
                  Cantidad de {label}
                </label>
                <Input
                  id={`${id}-${line.insumoId}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={KIT_QUANTITY_MAX}
                  step={1}
                  className="w-24"
                  value={Number.isNaN(line.cantidad) ? '' : line.cantidad}
                  disabled={disabled}
                  onChange={(e) => setQuantity(line.insumoId, e.target.valueAsNumber)}
                />
                <span className="w-16 text-sm text-muted-foreground">{supply?.unidadMedida ?? 'unidades'}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Quitar ${label} del kit`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((l) => l.insumoId !== line.insumoId))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Sin insumos: el servicio no descuenta stock.</p>
      )}
      {full ? null : (
        <div className="relative">
          <label htmlFor={`${id}-buscar`} className="sr-only">
            Añadir un insumo al kit
          </label>
          <Input
            id={`${id}-buscar`}
            {...combobox.inputProps}
            onFocus={() => {
              setSearching(true);
              combobox.inputProps.onFocus();
            }}
            onKeyDown={onKeyDown}
            placeholder="Añadir insumo: busca por nombre o código"
            value={term}
            disabled={disabled}
            onChange={(e) => {
              setTerm(e.target.value);
              combobox.typed();
            }}
          />
          <ComboboxOptions
            combobox={combobox}
            label="Insumos"
            options={results}
            keyOf={(s) => s.id}
            pending={options.isFetching && !options.data}
            emptyText="No hay más insumos que coincidan"
          >
            {(s) => (
              <>
                {s.nombre}
                {s.unidadMedida ? <span className="ml-2 text-muted-foreground">{s.unidadMedida}</span> : null}
              </>
            )}
          </ComboboxOptions>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
