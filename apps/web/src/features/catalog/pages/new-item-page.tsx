import { CATALOG_MESSAGES, type ItemData } from '@odontia/shared';
import { useClinicRequired } from '@/lib/use-clinic-required';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreateItem, useUploadItemImage } from '../api/catalog';
import { ItemForm } from '../components/item-form';
import { ItemPageFrame } from '../components/item-page-frame';
import { useSubmitItem } from '../hooks/use-submit-item';

/** 'Nuevo Ítem' (/productos/nuevo, spec 001 §2). */
export default function NewItemPage() {
  usePageTitle(CATALOG_MESSAGES.newItemTitle);
  const create = useCreateItem();
  const upload = useUploadItemImage();
  const onSubmit = useSubmitItem({
    save: (values: ItemData) => create.mutateAsync(values),
    saveFailedTitle: CATALOG_MESSAGES.createError,
    upload: (file, { id }) => upload.mutateAsync({ id, file }),
    saved: CATALOG_MESSAGES.created,
  });
  const redirecting = useClinicRequired(create.error);
  if (redirecting) return null;

  return (
    <ItemPageFrame
      title={CATALOG_MESSAGES.newItemTitle}
      subtitle="Un producto, un servicio o un insumo del catálogo de la clínica."
    >
      <ItemForm mode="create" onSubmit={onSubmit} />
    </ItemPageFrame>
  );
}
