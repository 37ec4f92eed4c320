import { cie10Entry, searchCie10 } from '@odontia/shared';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * 'Diagnóstico (CIE-10)': a search over the dental chapter shipped with the app (by code or words,
 * accents aside) and the chosen code, which can be removed. Keyboard: type, Tab to a result, Enter.
 */
export function DiagnosisPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (codigo: string) => void;
  error?: string;
}) {
  const id = useId();
  const [term, setTerm] = useState('');
  const chosen = value ? cie10Entry(value) : undefined;
  const results = term.trim() ? searchCie10(term, 8) : [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={error ? 'text-destructive' : undefined}>
        Diagnóstico (CIE-10)
      </Label>
      {value ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm">
          <span data-testid="diagnostico-elegido">
            {value}
            {chosen ? ` · ${chosen.descripcion}` : ''}
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')} aria-label="Quitar diagnóstico">
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <Input
        id={id}
        type="search"
        placeholder="Buscar por código o palabras (p. ej. K02 o caries)"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the first match, as a search box does; it never submits the note around it.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (results[0]) {
            onChange(results[0].codigo);
            setTerm('');
          }
        }}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-controls={term.trim() ? `${id}-results` : undefined}
      />
      {results.length ? (
        <ul id={`${id}-results`} aria-label="Diagnósticos encontrados" className="grid gap-1">
          {results.map((r) => (
            <li key={r.codigo}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="h-auto w-full justify-start whitespace-normal text-left"
                onClick={() => {
                  onChange(r.codigo);
                  setTerm('');
                }}
              >
                <span className="font-mono">{r.codigo}</span> {r.descripcion}
              </Button>
            </li>
          ))}
        </ul>
      ) : term.trim() ? (
        <p id={`${id}-results`} className="text-sm text-muted-foreground">
          Ningún diagnóstico del capítulo dental (K00-K14) coincide
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
