import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATALOG_MESSAGES,
  CATEGORIA_ITEM_LABELS,
  CATEGORIAS_ITEM,
  CURRENCIES,
  clinicCountry,
  defaultTaxType,
  hasStock,
  itemFormSchema,
  moneyInputText,
  UNIDAD_MEDIDA_HINTS,
  type ItemCategory,
  type ItemData,
  type ItemFormInput,
  type KitLine,
  type UpdateItemData,
} from '@odontia/shared';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { RemovableImageField, useImageChoice } from '@/components/removable-image-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { setServerFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useClinicCurrency } from '@/lib/use-clinic-money';
import { cn } from '@/lib/utils';
import type { ImageChange } from '@/lib/use-save-with-image';
import { KitEditor } from './kit-editor';

const FIELDS = [
  'nombre',
  'descripcion',
  'categoria',
  'codigo',
  'precioCompra',
  'precioVenta',
  'stockActual',
  'stockMinimo',
  'unidadMedida',
  'activo',
  'tipoImpuesto',
  'estetico',
  'duracionMinutos',
  'codigoCups',
  'kit',
  'reservableOnline',
] as const;

/**
 * The inputs hold text, as typed; the shared schema turns it into numbers and nulls (0 stays 0), and
 * prices typed in the clinic's currency into its smallest unit. A null tax is the country's default
 * for the item's kind, which the select shows until another is chosen.
 */
export const EMPTY_ITEM: ItemFormInput = {
  nombre: '',
  descripcion: '',
  categoria: 'producto',
  codigo: '',
  precioCompra: '',
  precioVenta: '',
  stockActual: '',
  stockMinimo: '',
  unidadMedida: '',
  activo: true,
  tipoImpuesto: null,
  estetico: false,
  duracionMinutos: '',
  codigoCups: '',
  kit: [],
  reservableOnline: false,
};

const text = (value: number | null) => (value === null ? '' : String(value));

/** A saved item as the form's text, its prices written in the clinic's currency. */
export const itemFormValues = (
  item: Omit<UpdateItemData, 'kit'> & { kit: KitLine[] },
  moneda: keyof typeof CURRENCIES,
): ItemFormInput => ({
  nombre: item.nombre,
  descripcion: item.descripcion ?? '',
  categoria: item.categoria,
  codigo: item.codigo ?? '',
  precioCompra: moneyInputText(item.precioCompra, moneda),
  precioVenta: moneyInputText(item.precioVenta, moneda),
  stockActual: text(item.stockActual),
  stockMinimo: text(item.stockMinimo),
  unidadMedida: item.unidadMedida ?? '',
  activo: item.activo,
  tipoImpuesto: item.tipoImpuesto,
  estetico: item.estetico,
  duracionMinutos: text(item.duracionMinutos),
  codigoCups: item.codigoCups ?? '',
  kit: item.kit.map(({ insumoId, cantidad }) => ({ insumoId, cantidad })),
  reservableOnline: item.reservableOnline,
});

/** The kind a country's default tax is chosen by. */
const taxedKind = (categoria: ItemCategory, estetico: boolean | undefined) =>
  categoria === 'servicio' && estetico ? 'servicioEstetico' : categoria;

type Mode =
  | { mode: 'create'; onSubmit: (values: ItemData, image: ImageChange) => Promise<void> }
  | { mode: 'edit'; onSubmit: (values: UpdateItemData, image: ImageChange) => Promise<void> };

type ItemFormProps = Mode & {
  defaultValues?: ItemFormInput;
  /** The supplies of the kit the item has (their names). */
  kit?: KitLine[];
  currentImageUrl?: string | null;
  /** Beside Cancelar: the edit form's Eliminar. */
  actions?: ReactNode;
};

/**
 * 'Nuevo Ítem' and 'Editar Ítem' (spec 001 §2, §3, §5): the item's fields, its image, and activo
 * when editing. The stock fields are hidden for a servicio. Validated with the shared schema the API
 * uses; the server's per-field messages (a repeated código) land under the same fields.
 */
export function ItemForm({
  defaultValues = EMPTY_ITEM,
  kit = [],
  currentImageUrl = null,
  actions,
  ...props
}: ItemFormProps) {
  const editing = props.mode === 'edit';
  const moneda = useClinicCurrency();
  const clinica = useSession().account?.clinica ?? null;
  const country = clinicCountry(clinica);
  const { unidad, decimales } = CURRENCIES[moneda];
  // One schema for both: a new item is the edited one without activo (createItemSchema drops nothing else).
  const resolver = useMemo(() => zodResolver(itemFormSchema(moneda)), [moneda]);
  const form = useForm<ItemFormInput, unknown, UpdateItemData>({ resolver, defaultValues });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const image = useImageChoice(currentImageUrl);
  const disabled = isSubmitting;
  const categoria = useWatch({ control, name: 'categoria' });
  const estetico = useWatch({ control, name: 'estetico' });
  const defaultTax = defaultTaxType(clinica, taxedKind(categoria, estetico));
  /** A kind or aesthetic change takes the tax along while it is still the default of the old one. */
  const followDefaultTax = (before: string) => {
    if (form.getValues('tipoImpuesto') === before) form.setValue('tipoImpuesto', null);
  };
  const priceHint = decimales ? `En ${unidad}, con céntimos` : `En ${unidad}, sin decimales`;
  const examples = [
    moneyInputText(decimales ? 1250 : 15_000, moneda),
    moneyInputText(decimales ? 4500 : 25_000, moneda),
  ];
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (props.mode === 'edit') await props.onSubmit(values, image.change);
      else {
        const { activo: _activo, ...item } = values;
        await props.onSubmit(item, image.change);
      }
    } catch (error) {
      // The page shows the toast; per-field messages from the server go under their fields.
      setServerFieldErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Card>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? CATALOG_MESSAGES.editItemTitle : CATALOG_MESSAGES.newItemTitle}
        className="grid gap-6"
      >
        <CardHeader>
          <CardTitle>
            <h2>Datos del ítem</h2>
          </CardTitle>
          <CardDescription>Los campos marcados con * son obligatorios.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <RemovableImageField choice={image} label="Imagen del ítem" noun="imagen" disabled={disabled} />

          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Nombre" htmlFor="item-nombre" error={errors.nombre?.message} required>
              <Input autoComplete="off" disabled={disabled} {...register('nombre')} />
            </FormField>
            <Controller
              control={control}
              name="categoria"
              render={({ field }) => (
                <FormField label="Categoría" htmlFor="item-categoria" error={errors.categoria?.message} required>
                  {(wiring) => (
                    <Select
                      value={field.value}
                      onValueChange={(next) => {
                        followDefaultTax(defaultTax);
                        field.onChange(next);
                      }}
                      disabled={disabled}
                    >
                      <SelectTrigger {...wiring} ref={field.ref} onBlur={field.onBlur} className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {CATEGORIAS_ITEM.map((c) => (
                          <SelectItem key={c} value={c}>
                            {CATEGORIA_ITEM_LABELS[c]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              )}
            />
          </div>
          <FormField label="Descripción" htmlFor="item-descripcion" error={errors.descripcion?.message}>
            <Textarea rows={3} disabled={disabled} {...register('descripcion')} />
          </FormField>

          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField label="Código" htmlFor="item-codigo" error={errors.codigo?.message}>
              <Input autoComplete="off" disabled={disabled} {...register('codigo')} />
            </FormField>
            <FormField
              label="Precio de compra"
              htmlFor="item-precio-compra"
              description={priceHint}
              error={errors.precioCompra?.message}
            >
              <Input
                inputMode={decimales ? 'decimal' : 'numeric'}
                autoComplete="off"
                placeholder={examples[0]}
                disabled={disabled}
                {...register('precioCompra')}
              />
            </FormField>
            <FormField
              label="Precio de venta"
              htmlFor="item-precio-venta"
              description={priceHint}
              error={errors.precioVenta?.message}
            >
              <Input
                inputMode={decimales ? 'decimal' : 'numeric'}
                autoComplete="off"
                placeholder={examples[1]}
                disabled={disabled}
                {...register('precioVenta')}
              />
            </FormField>
          </div>

          <Controller
            control={control}
            name="tipoImpuesto"
            render={({ field }) => (
              <FormField
                label="Impuesto"
                htmlFor="item-impuesto"
                description={`Según las normas de ${country.nombre}; cámbialo si este ítem tiene otro.`}
                error={errors.tipoImpuesto?.message}
              >
                {(wiring) => (
                  <Select value={field.value ?? defaultTax} onValueChange={field.onChange} disabled={disabled}>
                    <SelectTrigger {...wiring} ref={field.ref} onBlur={field.onBlur} className="w-full sm:w-96">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {country.impuestos.map((t) => (
                        <SelectItem key={t.codigo} value={t.codigo}>
                          {t.nombre}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            )}
          />

          {categoria === 'servicio' ? (
            <div className="grid gap-4">
              <div className="grid items-start gap-4 sm:grid-cols-3">
                <FormField
                  label="Duración (minutos)"
                  htmlFor="item-duracion"
                  description="La que propone la agenda al citar este servicio"
                  error={errors.duracionMinutos?.message}
                >
                  <Input inputMode="numeric" autoComplete="off" disabled={disabled} {...register('duracionMinutos')} />
                </FormField>
                {country.codigo === 'CO' ? (
                  <FormField
                    label="Código CUPS"
                    htmlFor="item-cups"
                    description="Clasificación Única de Procedimientos en Salud"
                    error={errors.codigoCups?.message}
                  >
                    <Input inputMode="numeric" autoComplete="off" disabled={disabled} {...register('codigoCups')} />
                  </FormField>
                ) : null}
                <Controller
                  control={control}
                  name="estetico"
                  render={({ field }) => (
                    <div className="flex items-center gap-3 sm:pt-7">
                      <Switch
                        id="item-estetico"
                        checked={field.value ?? false}
                        onCheckedChange={(next) => {
                          followDefaultTax(defaultTax);
                          field.onChange(next);
                        }}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        disabled={disabled}
                        aria-describedby="item-estetico-hint"
                      />
                      <label htmlFor="item-estetico" className="text-sm font-medium">
                        Tratamiento estético
                      </label>
                      <span id="item-estetico-hint" className="sr-only">
                        Blanqueamiento, carillas estéticas: en España pagan IVA
                      </span>
                    </div>
                  )}
                />
              </div>
              <Controller
                control={control}
                name="reservableOnline"
                render={({ field, fieldState }) => (
                  <div className="grid gap-1">
                    <div className="flex items-start gap-2">
                      <Checkbox
                        id="item-reservable"
                        className="mt-0.5"
                        checked={field.value === true}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        disabled={disabled}
                        aria-invalid={fieldState.error ? true : undefined}
                        aria-describedby={
                          fieldState.error ? 'item-reservable-hint item-reservable-error' : 'item-reservable-hint'
                        }
                      />
                      <Label
                        htmlFor="item-reservable"
                        className={cn('leading-snug', fieldState.error && 'text-destructive')}
                      >
                        {CATALOG_MESSAGES.reservableOnline}
                      </Label>
                    </div>
                    <p id="item-reservable-hint" className="pl-6 text-sm text-muted-foreground">
                      {CATALOG_MESSAGES.reservableOnlineHint}
                    </p>
                    {fieldState.error ? (
                      <p id="item-reservable-error" role="alert" className="pl-6 text-sm text-destructive">
                        {fieldState.error.message}
                      </p>
                    ) : null}
                  </div>
                )}
              />
              <Controller
                control={control}
                name="kit"
                render={({ field }) => (
                  <KitEditor
                    value={field.value ?? []}
                    onChange={field.onChange}
                    known={kit.map((l) => ({ id: l.insumoId, nombre: l.nombre, unidadMedida: l.unidadMedida }))}
                    error={kitError(errors.kit)}
                    disabled={disabled}
                  />
                )}
              />
            </div>
          ) : null}

          {/* Spec 001 §5: a servicio counts no stock. */}
          {hasStock(categoria) ? (
            <div className="grid items-start gap-4 sm:grid-cols-3">
              <FormField label="Stock actual" htmlFor="item-stock-actual" error={errors.stockActual?.message}>
                <Input inputMode="numeric" autoComplete="off" disabled={disabled} {...register('stockActual')} />
              </FormField>
              <FormField label="Stock mínimo" htmlFor="item-stock-minimo" error={errors.stockMinimo?.message}>
                <Input inputMode="numeric" autoComplete="off" disabled={disabled} {...register('stockMinimo')} />
              </FormField>
              <FormField
                label="Unidad de medida"
                htmlFor="item-unidad"
                description={`Por ejemplo: ${UNIDAD_MEDIDA_HINTS.join(', ')}`}
                error={errors.unidadMedida?.message}
              >
                <Input list="item-unidad-hints" autoComplete="off" disabled={disabled} {...register('unidadMedida')} />
              </FormField>
              <datalist id="item-unidad-hints">
                {UNIDAD_MEDIDA_HINTS.map((u) => (
                  <option key={u} value={u} />
                ))}
              </datalist>
            </div>
          ) : null}

          {editing ? (
            <Controller
              control={control}
              name="activo"
              render={({ field }) => (
                <div className="flex items-center gap-3">
                  <Switch
                    id="item-activo"
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    disabled={disabled}
                  />
                  <label htmlFor="item-activo" className="text-sm font-medium">
                    Activo
                  </label>
                  <span className="text-sm text-muted-foreground">
                    {field.value ? 'Disponible en el catálogo' : 'Fuera del catálogo'}
                  </span>
                </div>
              )}
            />
          ) : null}
        </CardContent>
        <CardFooter className="flex flex-wrap justify-between gap-2">
          <div>{actions}</div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" asChild>
              <Link to="/productos">Cancelar</Link>
            </Button>
            <SubmitButton pending={isSubmitting} pendingLabel="Guardando...">
              {editing ? CATALOG_MESSAGES.saveChanges : 'Crear ítem'}
            </SubmitButton>
          </div>
        </CardFooter>
      </form>
    </Card>
  );
}

/** The kit's first message: the list's own (repeated supply), or a line's (its quantity or supply). */
function kitError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: string; root?: { message?: string } } & Record<
    number,
    Record<string, { message?: string }>
  >;
  if (e.message) return e.message;
  if (e.root?.message) return e.root.message;
  for (const line of Object.values(e)) {
    for (const field of Object.values(line ?? {})) if (field?.message) return field.message;
  }
  return undefined;
}
