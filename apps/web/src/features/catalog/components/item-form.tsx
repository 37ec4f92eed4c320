import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATALOG_MESSAGES,
  CATEGORIA_ITEM_LABELS,
  CATEGORIAS_ITEM,
  hasStock,
  UNIDAD_MEDIDA_HINTS,
  updateItemSchema,
  type ItemData,
  type UpdateItemData,
  type UpdateItemInput,
} from '@odontia/shared';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { RemovableImageField, useImageChoice } from '@/components/removable-image-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { setServerFieldErrors } from '@/lib/form-errors';
import type { ImageChange } from '@/lib/use-save-with-image';

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
] as const;

/** The inputs hold text, as typed; the shared schema turns it into numbers and nulls (0 stays 0). */
export const EMPTY_ITEM: UpdateItemInput = {
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
};

type Mode =
  | { mode: 'create'; onSubmit: (values: ItemData, image: ImageChange) => Promise<void> }
  | { mode: 'edit'; onSubmit: (values: UpdateItemData, image: ImageChange) => Promise<void> };

type ItemFormProps = Mode & {
  defaultValues?: UpdateItemInput;
  currentImageUrl?: string | null;
  /** Beside Cancelar: the edit form's Eliminar. */
  actions?: ReactNode;
};

/**
 * 'Nuevo Ítem' and 'Editar Ítem' (spec 001 §2, §3, §5): the item's fields, its image, and activo
 * when editing. The stock fields are hidden for a servicio. Validated with the shared schema the API
 * uses; the server's per-field messages (a repeated código) land under the same fields.
 */
export function ItemForm({ defaultValues = EMPTY_ITEM, currentImageUrl = null, actions, ...props }: ItemFormProps) {
  const editing = props.mode === 'edit';
  // One schema for both: a new item is the edited one without activo (createItemSchema drops nothing else).
  const form = useForm<UpdateItemInput, unknown, UpdateItemData>({
    resolver: zodResolver(updateItemSchema),
    defaultValues,
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const image = useImageChoice(currentImageUrl);
  const disabled = isSubmitting;
  const categoria = useWatch({ control, name: 'categoria' });

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
                    <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
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
              description="En pesos, sin decimales"
              error={errors.precioCompra?.message}
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                placeholder="15.000"
                disabled={disabled}
                {...register('precioCompra')}
              />
            </FormField>
            <FormField
              label="Precio de venta"
              htmlFor="item-precio-venta"
              description="En pesos, sin decimales"
              error={errors.precioVenta?.message}
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                placeholder="25.000"
                disabled={disabled}
                {...register('precioVenta')}
              />
            </FormField>
          </div>

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
                    checked={field.value}
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
