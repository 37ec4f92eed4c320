import { CATALOG_MESSAGES } from '@odontia/shared';
import { useNavigate } from 'react-router';
import { toastFailure, type FailureToast } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveWithImage, type SaveWithImageOptions } from '@/lib/use-save-with-image';

type SubmitItemOptions<V, S> = Omit<SaveWithImageOptions<V, S>, 'onSaveError' | 'onSaved' | 'uploadFailed'> & {
  /** The toast when the item is not saved (spec 001 §8: 'Error al crear el ítem', 'Error al actualizar el ítem'). */
  saveFailedTitle: string;
  /** The toast once it is saved. */
  saved: string;
};

/** Our own words: the spec has no message for an image that fails after the item is saved. */
const UPLOAD_FAILED: FailureToast = {
  title: 'Error al subir la imagen',
  fallback: 'El ítem se guardó sin la nueva imagen.',
};

/**
 * The submit of 'Nuevo Ítem' and 'Editar Ítem': save the item, then its image, then back to
 * /productos with a toast. A failed save is a toast and is thrown again, for the form's field messages.
 */
export function useSubmitItem<V, S>({ saveFailedTitle, saved, ...options }: SubmitItemOptions<V, S>) {
  const navigate = useNavigate();
  const { saveWithImage } = useSaveWithImage({
    ...options,
    uploadFailed: UPLOAD_FAILED,
    onSaveError: (error) => {
      toastFailure(error, { title: saveFailedTitle, fallback: CATALOG_MESSAGES.saveFallback });
      throw error;
    },
    onSaved: () => {
      toast.success(saved);
      navigate('/productos');
    },
  });
  return saveWithImage;
}
