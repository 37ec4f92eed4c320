import {
  BUDGET_MESSAGES as M,
  BUDGET_OPTIONS,
  budgetAcceptanceSchema,
  budgetTotals,
  formatMoney,
  lineWhere,
  type BudgetAcceptanceData,
  type BudgetOption,
  type CurrencyCode,
  type PublicBudgetLine,
} from '@odontia/shared';
import { FileSignature } from 'lucide-react';
import { useId, useState } from 'react';
import { SignatureField } from '@/components/signature-field';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api';
import { toastFailure } from '@/lib/form-errors';

type Errors = Partial<Record<string, string>>;
type Line = Pick<
  PublicBudgetLine,
  'id' | 'descripcion' | 'diente' | 'superficies' | 'cantidad' | 'fase' | 'opcion' | 'importes'
>;

/** The first message of each field of a failed parse; none when it passed. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Errors = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

/** The lines offered with an option: the common ones and that option's. */
const offered = (lines: readonly Line[], opcion: BudgetOption | null) =>
  lines.filter((l) => l.opcion === null || l.opcion === opcion);

/**
 * The patient's acceptance of a budget, on their phone through the link or on the clinic's tablet at the
 * desk (issue 23): the option they choose (when the budget has alternatives), the treatments they accept
 * (all of the option by default; unticking some is a partial acceptance), the total of what is ticked,
 * who signs, the signature and the explicit consent. The shared schema checks it before it is sent; the
 * server checks it again and computes every amount. `onSubmit` resolves once the answer is saved; a
 * refusal shows its field messages here and its message in a toast.
 */
export function BudgetAcceptanceForm({
  lineas,
  moneda,
  firmanteInicial,
  onSubmit,
}: {
  lineas: readonly Line[];
  moneda: CurrencyCode;
  firmanteInicial: string;
  onSubmit: (data: BudgetAcceptanceData) => Promise<void>;
}) {
  const ids = useId();
  const options = BUDGET_OPTIONS.filter((o) => lineas.some((l) => l.opcion === o));
  const [opcion, setOpcion] = useState<BudgetOption | null>(options[0] ?? null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(offered(lineas, options[0] ?? null).map((l) => l.id)),
  );
  const [firmante, setFirmante] = useState(firmanteInicial);
  const [firma, setFirma] = useState<string | null>(null);
  const [acepto, setAcepto] = useState(false);
  // After a first «Aceptar y firmar», the form's own messages follow what is fixed (a message for a
  // signature already drawn, or lines already ticked, misled); the server's stay until the next try.
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const money = (value: number) => formatMoney(value, moneda);

  const shown = offered(lineas, opcion);
  const phases = [...new Set(shown.map((l) => l.fase))].sort((a, b) => a - b);
  const chosen = shown.filter((l) => selected.has(l.id));
  const total = budgetTotals(chosen).total;
  const parsed = budgetAcceptanceSchema.safeParse({
    lineas: chosen.map((l) => l.id),
    opcion,
    firmante,
    firma: firma ?? '',
    acepto,
  });
  const errors: Errors = { ...serverErrors, ...(attempted ? issuesOf(parsed) : {}) };

  const choose = (next: BudgetOption) => {
    setOpcion(next);
    // The common lines keep their ticks; the new option's come ticked, the old one's go.
    setSelected((current) => {
      const common = lineas.filter((l) => l.opcion === null && current.has(l.id)).map((l) => l.id);
      return new Set([...common, ...lineas.filter((l) => l.opcion === next).map((l) => l.id)]);
    });
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setServerErrors({});
    if (!parsed.success) return;
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      toastFailure(error, { title: M.acceptError, fallback: 'Inténtalo de nuevo más tarde' });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6" aria-label="Aceptar el presupuesto">
      {options.length > 1 ? (
        <fieldset className="grid gap-2" aria-describedby={errors.opcion ? `${ids}-opcion` : undefined}>
          <legend className="mb-1 font-medium">Elige una opción</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {options.map((o) => (
              <label
                key={o}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${ids}-opcion`}
                    value={o}
                    checked={opcion === o}
                    onChange={() => choose(o)}
                  />
                  Opción {o}
                </span>
                <span className="tabular-nums text-sm text-muted-foreground">
                  {money(budgetTotals(offered(lineas, o)).total)}
                </span>
              </label>
            ))}
          </div>
          {errors.opcion ? (
            <p id={`${ids}-opcion`} className="text-sm text-destructive">
              {errors.opcion}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className="grid gap-3" aria-describedby={errors.lineas ? `${ids}-lineas` : undefined}>
        <legend className="mb-1 font-medium">Tratamientos que aceptas</legend>
        {phases.map((fase) => (
          <div key={fase} className="grid gap-2">
            {phases.length > 1 ? <p className="text-sm font-medium text-muted-foreground">Fase {fase}</p> : null}
            {shown
              .filter((l) => l.fase === fase)
              .map((l) => (
                <label
                  key={l.id}
                  htmlFor={`${ids}-${l.id}`}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary"
                >
                  <Checkbox
                    id={`${ids}-${l.id}`}
                    checked={selected.has(l.id)}
                    onCheckedChange={(v) => toggle(l.id, v === true)}
                    className="mt-0.5"
                  />
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-medium">
                      {l.descripcion}
                      {l.cantidad > 1 ? ` × ${l.cantidad}` : ''}
                    </span>
                    {l.diente !== null ? (
                      <span className="text-xs text-muted-foreground">Diente {lineWhere(l)}</span>
                    ) : null}
                  </span>
                  <span className="tabular-nums">{money(l.importes.total)}</span>
                </label>
              ))}
          </div>
        ))}
        {errors.lineas ? (
          <p id={`${ids}-lineas`} className="text-sm text-destructive">
            {errors.lineas}
          </p>
        ) : null}
        <p className="flex justify-between gap-2 border-t pt-3 text-base font-semibold" aria-live="polite">
          <span>Total que aceptas</span>
          <span className="tabular-nums">{money(total)}</span>
        </p>
      </fieldset>

      <FormField label="Nombre de quien firma" required error={errors.firmante}>
        <Input value={firmante} onChange={(e) => setFirmante(e.target.value)} autoComplete="name" maxLength={120} />
      </FormField>
      <SignatureField label="Firma" signer="del paciente" onChange={setFirma} error={errors.firma} />
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${ids}-acepto`}
            checked={acepto}
            onCheckedChange={(v) => setAcepto(v === true)}
            aria-invalid={Boolean(errors.acepto)}
            aria-describedby={errors.acepto ? `${ids}-acepto-error` : undefined}
            className="mt-0.5"
          />
          <label htmlFor={`${ids}-acepto`} className="text-sm">
            He leído el presupuesto y sus condiciones, y acepto los tratamientos marcados por {money(total)}.
          </label>
        </div>
        {errors.acepto ? (
          <p id={`${ids}-acepto-error`} className="text-sm text-destructive">
            {errors.acepto}
          </p>
        ) : null}
      </div>
      <SubmitButton pending={pending} pendingLabel="Firmando..." className="justify-self-start">
        <FileSignature aria-hidden="true" />
        Aceptar y firmar
      </SubmitButton>
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="sr-only">
          {M.acceptanceIncomplete}
        </p>
      ) : null}
    </form>
  );
}
