import {
  BUDGET_MESSAGES,
  BUDGET_OPTIONS,
  CURRENCIES,
  formatMoney,
  lineAmounts,
  lineWhere,
  moneyInputText,
  parseMoney,
  parsePercent,
  taxTypesOf,
  updateBudgetSchema,
  type Budget,
  type BudgetLineData,
  type BudgetOption,
  type CurrencyCode,
  type DiscountKind,
  type Surface,
  type UpdateBudgetData,
} from '@odontia/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { api, unwrap } from '@/lib/api';
import { useCan, useSession } from '@/lib/session';
import { BudgetTotalsCard } from './budget-totals';

type LineForm = {
  servicioId: string;
  descripcion: string;
  diente: string;
  superficies: Surface[];
  cantidad: string;
  precio: string;
  descuentoTipo: '' | DiscountKind;
  descuento: string;
  tipoImpuesto: string;
  fase: string;
  opcion: '' | BudgetOption;
};
type FormValues = { validoHasta: string; condiciones: string; lineas: LineForm[] };

const NO_SERVICE = '';

/** The clinic's services to add as lines (the catalogue's first page, services only). */
const useBudgetServices = (enabled: boolean) =>
  useQuery({
    queryKey: ['productos', 'servicios-para-presupuestos'],
    queryFn: async () => {
      const page = await unwrap(api.productos.$get({ query: { categoria: 'servicio', q: '', pagina: '1' } }));
      return page.items.filter((s) => s.activo);
    },
    enabled,
    staleTime: 60_000,
  });

/** A saved line as the editor's text: amounts in the currency as people write them, a percentage as such. */
function lineForm(line: BudgetLineData, moneda: CurrencyCode): LineForm {
  return {
    servicioId: line.servicioId ?? NO_SERVICE,
    descripcion: line.descripcion,
    diente: line.diente === null ? '' : String(line.diente),
    superficies: line.superficies,
    cantidad: String(line.cantidad),
    precio: moneyInputText(line.precioUnitario, moneda),
    descuentoTipo: line.descuentoTipo ?? '',
    descuento:
      line.descuentoTipo === 'importe'
        ? moneyInputText(line.descuentoValor, moneda)
        : line.descuentoTipo === 'porcentaje'
          ? String(line.descuentoValor / 100).replace('.', ',')
          : '',
    tipoImpuesto: line.tipoImpuesto,
    fase: String(line.fase),
    opcion: line.opcion ?? '',
  };
}

type Parsed = { data: UpdateBudgetData } | { errors: { path: Path<FormValues>; message: string }[] };

/** The editor's text as the API's body, or the messages of what is not right, each on its field. */
function parseForm(values: FormValues, moneda: CurrencyCode): Parsed {
  const errors: { path: Path<FormValues>; message: string }[] = [];
  /** An amount typed; empty is 0, except where `required` (a price left empty is a mistake, not a gift). */
  const money = (text: string, path: Path<FormValues>, message: string, required = false) => {
    const parsed = parseMoney(text, moneda);
    if (!parsed.ok || (required && parsed.value === null)) errors.push({ path, message });
    return parsed.ok ? (parsed.value ?? 0) : 0;
  };
  const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  const lineas = values.lineas.map((l, i) => {
    const descuentoValor =
      l.descuentoTipo === 'importe'
        ? money(l.descuento, `lineas.${i}.descuento`, BUDGET_MESSAGES.descuentoInvalid)
        : l.descuentoTipo === 'porcentaje'
          ? (() => {
              const parsed = parsePercent(l.descuento);
              if (!parsed.ok)
                errors.push({ path: `lineas.${i}.descuento`, message: BUDGET_MESSAGES.descuentoPercentInvalid });
              return parsed.ok ? (parsed.value ?? 0) : 0;
            })()
          : 0;
    return {
      servicioId: l.servicioId || null,
      descripcion: l.descripcion,
      diente: l.diente.trim() ? whole(l.diente) : null,
      superficies: l.diente.trim() ? l.superficies : [],
      cantidad: whole(l.cantidad),
      precioUnitario: money(l.precio, `lineas.${i}.precio`, BUDGET_MESSAGES.precioInvalid, true),
      descuentoTipo: l.descuentoTipo || null,
      descuentoValor,
      tipoImpuesto: l.tipoImpuesto,
      fase: whole(l.fase),
      opcion: l.opcion || null,
    };
  });
  const result = updateBudgetSchema.safeParse({
    validoHasta: values.validoHasta,
    condiciones: values.condiciones,
    lineas,
  });
  if (result.success && !errors.length) return { data: result.data };
  // The schema's names, on the editor's fields.
  const FIELD: Record<string, string> = {
    precioUnitario: 'precio',
    descuentoValor: 'descuento',
    superficies: 'diente',
  };
  for (const issue of result.error?.issues ?? []) {
    const [first, index, field] = issue.path.map(String);
    const path =
      first === 'lineas' && index !== undefined && field !== undefined
        ? `lineas.${index}.${FIELD[field] ?? field}`
        : first === 'lineas'
          ? 'root.lineas'
          : first;
    errors.push({ path: path as Path<FormValues>, message: issue.message });
  }
  return { errors };
}

/**
 * The budget's editor (issue 23): its lines (a service of the catalogue or a free description, tooth,
 * quantity, unit price in the clinic's currency, discount as an amount or a percentage, tax of the
 * clinic's country, phase and option), its validity and conditions. The totals beside it are the
 * shared calculation of what is typed; the server computes them again when it saves.
 */
export function BudgetEditor({
  budget,
  onSave,
  onDirtyChange,
}: {
  budget: Budget;
  /** Saves; true when it was saved (the form then starts again from what was saved). */
  onSave: (input: UpdateBudgetData) => Promise<boolean>;
  /** Whether there are changes not saved yet (the page keeps 'Marcar como enviado' until they are). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const moneda = budget.moneda;
  const clinica = useSession().account?.clinica ?? null;
  const taxes = taxTypesOf(clinica);
  const rateOf = (codigo: string) => taxes.find((t) => t.codigo === codigo)?.puntosBasicos ?? 0;
  const services = useBudgetServices(useCan('productos.ver')).data ?? [];
  const form = useForm<FormValues>({
    defaultValues: {
      validoHasta: budget.validoHasta,
      condiciones: budget.condiciones ?? '',
      lineas: budget.lineas.map((l) => lineForm(l, moneda)),
    },
  });
  const { register, control, formState, setError, clearErrors } = form;
  const lines = useFieldArray({ control, name: 'lineas' });
  const watched = useWatch({ control, name: 'lineas' }) ?? [];
  const errors = formState.errors;
  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const preview = watched.map((l) => {
    const parsedPrice = parseMoney(l.precio ?? '', moneda);
    const precioUnitario = parsedPrice.ok ? (parsedPrice.value ?? 0) : 0;
    const cantidad = Number(l.cantidad) || 0;
    const descuento =
      l.descuentoTipo === 'importe'
        ? parseMoney(l.descuento ?? '', moneda)
        : l.descuentoTipo === 'porcentaje'
          ? parsePercent(l.descuento ?? '')
          : null;
    return {
      fase: Number(l.fase) || 1,
      opcion: (l.opcion || null) as BudgetOption | null,
      importes: lineAmounts({
        cantidad,
        precioUnitario,
        descuentoTipo: l.descuentoTipo || null,
        descuentoValor: descuento?.ok ? (descuento.value ?? 0) : 0,
        puntosBasicos: rateOf(l.tipoImpuesto),
      }),
    };
  });

  const chooseService = (index: number, servicioId: string) => {
    const service = services.find((s) => s.id === servicioId);
    form.setValue(`lineas.${index}.servicioId`, servicioId);
    if (!service) return;
    form.setValue(`lineas.${index}.descripcion`, service.nombre);
    form.setValue(`lineas.${index}.precio`, moneyInputText(service.precioVenta ?? 0, moneda));
  };

  const submit = form.handleSubmit(async (values) => {
    clearErrors();
    const parsed = parseForm(values, moneda);
    if ('errors' in parsed) {
      for (const e of parsed.errors) setError(e.path, { message: e.message });
      return;
    }
    if (await onSave(parsed.data)) form.reset(values);
  });

  const lineError = (i: number, field: keyof LineForm) => errors.lineas?.[i]?.[field]?.message;
  const sent = budget.estado !== 'borrador';

  return (
    <form onSubmit={submit} noValidate aria-label="Editar presupuesto" className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid min-w-0 gap-6">
        {sent ? (
          <p className="rounded-md border border-info/40 bg-info/10 p-3 text-sm" role="note">
            Este presupuesto ya se entregó al paciente: al guardar los cambios se creará la versión {budget.version + 1}
            , y la enviada se conservará tal cual.
          </p>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg font-semibold">Líneas</h2>
            </CardTitle>
            <CardDescription>
              Importes en {CURRENCIES[moneda].unidad}. Las líneas de una opción (A, B…) son alternativas: el paciente
              elige una.
            </CardDescription>
          </CardHeader>
          {/* Narrower padding on a phone leaves two columns of a line room for «Sin descuento». */}
          <CardContent className="grid gap-4 px-4 sm:px-6">
            {lines.fields.length === 0 ? (
              <p className="text-sm text-muted-foreground">{BUDGET_MESSAGES.noLines}.</p>
            ) : null}
            <ol className="grid gap-4" aria-label="Líneas del presupuesto">
              {lines.fields.map((field, i) => {
                const where = lineWhere({
                  diente: Number(watched[i]?.diente) || null,
                  superficies: watched[i]?.superficies ?? [],
                });
                const n = i + 1;
                return (
                  // Columns by the line's own width, not the window's: beside the sidebar at 768 px a line is
                  // as narrow as on a phone, and four columns cut the selects' texts.
                  <li key={field.id} className="@container grid gap-3 rounded-md border p-3" aria-label={`Línea ${n}`}>
                    <div className="grid gap-3 @md:grid-cols-2">
                      <FormField label={`Servicio (línea ${n})`} htmlFor={`linea-${i}-servicio`}>
                        <select
                          className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                          value={watched[i]?.servicioId ?? NO_SERVICE}
                          onChange={(e) => chooseService(i, e.target.value)}
                        >
                          <option value={NO_SERVICE}>Sin servicio del catálogo</option>
                          {services.map((s) => (
                            <option key={s.id} value={s.id}>
                              {s.nombre}
                            </option>
                          ))}
                          {field.servicioId && !services.some((s) => s.id === field.servicioId) ? (
                            <option value={field.servicioId}>{field.descripcion}</option>
                          ) : null}
                        </select>
                      </FormField>
                      <FormField
                        label={`Descripción (línea ${n})`}
                        htmlFor={`linea-${i}-descripcion`}
                        error={lineError(i, 'descripcion')}
                        required
                      >
                        <Input {...register(`lineas.${i}.descripcion`)} />
                      </FormField>
                    </div>
                    <div className="grid grid-cols-2 items-start gap-3 @xl:grid-cols-4">
                      <FormField label="Diente" htmlFor={`linea-${i}-diente`} error={lineError(i, 'diente')}>
                        <Input inputMode="numeric" {...register(`lineas.${i}.diente`)} />
                      </FormField>
                      <FormField label="Cantidad" htmlFor={`linea-${i}-cantidad`} error={lineError(i, 'cantidad')}>
                        <Input inputMode="numeric" {...register(`lineas.${i}.cantidad`)} />
                      </FormField>
                      <FormField label="Precio" htmlFor={`linea-${i}-precio`} error={lineError(i, 'precio')}>
                        <Input inputMode="decimal" {...register(`lineas.${i}.precio`)} />
                      </FormField>
                      <FormField label="Descuento" htmlFor={`linea-${i}-descuento-tipo`}>
                        <select
                          className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                          {...register(`lineas.${i}.descuentoTipo`)}
                        >
                          <option value="">Sin descuento</option>
                          <option value="porcentaje">Porcentaje</option>
                          <option value="importe">Importe</option>
                        </select>
                      </FormField>
                      <FormField
                        label={watched[i]?.descuentoTipo === 'porcentaje' ? 'Descuento (%)' : 'Descuento (importe)'}
                        htmlFor={`linea-${i}-descuento`}
                        error={lineError(i, 'descuento')}
                      >
                        <Input
                          inputMode="decimal"
                          disabled={!watched[i]?.descuentoTipo}
                          {...register(`lineas.${i}.descuento`)}
                        />
                      </FormField>
                      <FormField
                        label="Impuesto"
                        htmlFor={`linea-${i}-impuesto`}
                        error={lineError(i, 'tipoImpuesto')}
                        className="col-span-2"
                      >
                        <select
                          className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                          {...register(`lineas.${i}.tipoImpuesto`)}
                        >
                          {taxes.map((t) => (
                            <option key={t.codigo} value={t.codigo}>
                              {t.nombre}
                            </option>
                          ))}
                        </select>
                      </FormField>
                      <FormField label="Fase" htmlFor={`linea-${i}-fase`} error={lineError(i, 'fase')}>
                        <Input inputMode="numeric" {...register(`lineas.${i}.fase`)} />
                      </FormField>
                      <FormField label="Opción" htmlFor={`linea-${i}-opcion`}>
                        <select
                          className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                          {...register(`lineas.${i}.opcion`)}
                        >
                          <option value="">Todas</option>
                          {BUDGET_OPTIONS.map((o) => (
                            <option key={o} value={o}>
                              Opción {o}
                            </option>
                          ))}
                        </select>
                      </FormField>
                    </div>
                    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="text-muted-foreground">
                        {where ? `Diente ${where} · ` : ''}Importe {formatMoney(preview[i]?.importes.base ?? 0, moneda)}{' '}
                        · impuesto {formatMoney(preview[i]?.importes.impuesto ?? 0, moneda)} ·{' '}
                        <span className="font-medium text-foreground">
                          total {formatMoney(preview[i]?.importes.total ?? 0, moneda)}
                        </span>
                      </span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:text-destructive"
                        onClick={() => lines.remove(i)}
                      >
                        <Trash2 aria-hidden="true" />
                        Quitar línea {n}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
            {errors.root?.lineas?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.root.lineas.message}
              </p>
            ) : null}
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              onClick={() =>
                lines.append({
                  servicioId: NO_SERVICE,
                  descripcion: '',
                  diente: '',
                  superficies: [],
                  cantidad: '1',
                  precio: '',
                  descuentoTipo: '',
                  descuento: '',
                  tipoImpuesto: taxes[0]?.codigo ?? '',
                  fase: '1',
                  opcion: '',
                })
              }
            >
              <Plus aria-hidden="true" />
              Añadir línea
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardContent className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <FormField label="Válido hasta" htmlFor="presupuesto-validez" error={errors.validoHasta?.message} required>
              <Input type="date" {...register('validoHasta')} />
            </FormField>
            <FormField label="Condiciones" htmlFor="presupuesto-condiciones" error={errors.condiciones?.message}>
              <Textarea rows={3} {...register('condiciones')} placeholder="Forma de pago, qué incluye, garantías..." />
            </FormField>
          </CardContent>
          <CardFooter className="justify-end">
            <SubmitButton pending={formState.isSubmitting} pendingLabel="Guardando...">
              {sent ? `Guardar como versión ${budget.version + 1}` : 'Guardar presupuesto'}
            </SubmitButton>
          </CardFooter>
        </Card>
      </div>
      <BudgetTotalsCard lines={preview} moneda={moneda} />
    </form>
  );
}
