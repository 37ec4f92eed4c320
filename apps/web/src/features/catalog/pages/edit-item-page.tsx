import { CATALOG_MESSAGES, hasStock, type CatalogItem, type UpdateItemData } from '@odontia/shared';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useClinicCurrency } from '@/lib/use-clinic-money';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCatalogItem, useDeleteItem, useRemoveItemImage, useUpdateItem, useUploadItemImage } from '../api/catalog';
import { ItemDetails } from '../components/item-details';
import { ItemForm, itemFormValues } from '../components/item-form';
import { ItemPageFrame } from '../components/item-page-frame';
import { StockMovements } from '../components/stock-movements';
import { useSubmitItem } from '../hooks/use-submit-item';

/** Eliminar, after '¿Estás seguro?'; then back to /productos (spec 001 §2). */
function DeleteItemButton({ item }: { item: CatalogItem }) {
  const navigate = useNavigate();
  const remove = useDeleteItem();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(CATALOG_MESSAGES.deleted);
      setOpen(false);
      navigate('/productos');
    } catch (error) {
      toast.error(CATALOG_MESSAGES.deleteError, errorMessage(error, 'Inténtalo de nuevo más tarde'));
    }
  };
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        Eliminar
      </Button>
      <ConfirmDeleteDialog
        open={open}
        onOpenChange={setOpen}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
        description={
          <>Se eliminará «{item.nombre}» del catálogo con su historial de stock. Esta acción no se puede deshacer.</>
        }
      />
    </>
  );
}

/**
 * 'Editar Ítem' (/productos/{id}, spec 001 §2): the form, Eliminar, and the last stock movements. An
 * unknown id and another clinic's item both fail to load: 'Error al cargar el ítem', back to /productos.
 */
export default function EditItemPage() {
  const canEdit = useCan('productos.editar');
  // Read-only members see the item, not a form they cannot use.
  const title = canEdit ? CATALOG_MESSAGES.editItemTitle : 'Ficha del Ítem';
  usePageTitle(title);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canDelete = useCan('productos.eliminar');
  const canSeeStore = useCan('compras.ver');
  const item = useCatalogItem(id);
  const moneda = useClinicCurrency();
  const update = useUpdateItem();
  const upload = useUploadItemImage();
  const removeImage = useRemoveItemImage();
  const onSubmit = useSubmitItem({
    save: (values: UpdateItemData) => update.mutateAsync({ id, input: values }),
    saveFailedTitle: CATALOG_MESSAGES.updateError,
    upload: (file) => upload.mutateAsync({ id, file }),
    remove: {
      run: () => removeImage.mutateAsync(id),
      failed: { title: 'Error al quitar la imagen', fallback: 'Los cambios se guardaron con la imagen anterior.' },
    },
    saved: CATALOG_MESSAGES.updated,
  });
  const redirecting = useClinicRequired(item.error ?? update.error);

  useEffect(() => {
    if (item.isError && !redirecting) {
      toast.error(CATALOG_MESSAGES.loadError, errorMessage(item.error, CATALOG_MESSAGES.notFound), {
        id: 'error-cargar-item',
      });
      navigate('/productos', { replace: true });
    }
  }, [item.isError, item.error, redirecting, navigate]);

  if (redirecting || item.isError) return null;

  const data = item.data;
  return (
    <ItemPageFrame title={title} subtitle={data ? data.nombre : 'Cargando el ítem...'}>
      {data ? (
        <>
          {data.productoProveedor ? (
            // Linked on its first delivery from the store: later deliveries of that product come here.
            <p className="rounded-md border bg-muted/40 p-3 text-sm">
              {CATALOG_MESSAGES.receivesFrom}{' '}
              {canSeeStore ? (
                <Link
                  className="font-medium underline underline-offset-4"
                  to={`/compras/producto/${data.productoProveedor.id}`}
                >
                  {data.productoProveedor.nombre}
                </Link>
              ) : (
                <span className="font-medium">{data.productoProveedor.nombre}</span>
              )}{' '}
              · {data.productoProveedor.proveedor}
            </p>
          ) : null}
          {canEdit ? (
            <ItemForm
              key={data.id}
              mode="edit"
              defaultValues={itemFormValues(data, moneda)}
              kit={data.kit}
              currentImageUrl={data.imagenUrl}
              actions={canDelete ? <DeleteItemButton item={data} /> : null}
              onSubmit={onSubmit}
            />
          ) : (
            <ItemDetails item={data} actions={canDelete ? <DeleteItemButton item={data} /> : null} />
          )}
          {hasStock(data.categoria) || data.movimientos.length > 0 ? (
            <StockMovements movements={data.movimientos} unidadMedida={data.unidadMedida} linkOrders={canSeeStore} />
          ) : null}
        </>
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Cargando ítem">
          <Skeleton className="size-20 rounded-lg" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </ItemPageFrame>
  );
}
