import { useState } from 'react';
import { toastFailure, type FailureToast } from './form-errors';

/** What to do with the image once the data is saved: nothing (null), store a picked file, or remove the saved one. */
export type ImageChange = File | 'remove' | null;

/** Runs one image step. A failure is a toast, answered with false: whatever was saved before stays saved. */
export async function tryImageStep(step: () => Promise<unknown>, failure: FailureToast): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    toastFailure(error, failure);
    return false;
  }
}

export type SaveWithImageOptions<V, S> = {
  save: (values: V) => Promise<S>;
  /** A failed save: show it (messages under the fields, a toast). Throwing again hands it to the caller. */
  onSaveError: (error: unknown) => void;
  /** Stores the picked file; `saved` is what `save` answered (the new record's id, for one). */
  upload: (file: File, saved: S) => Promise<unknown>;
  uploadFailed: FailureToast;
  /** For forms that can take the saved image away. */
  remove?: { run: (saved: S) => Promise<unknown>; failed: FailureToast };
  /** Once the data is saved, whether the image step worked or had its toast. */
  onSaved: (values: V, saved: S) => unknown;
};

/**
 * The flow of a form with data and an image (patients, 'Mi Perfil', the clinic's logo): save the data,
 * then the image. A failed image step is a toast of its own (spec 000 §8: the data is saved, only the
 * image is missing) and the picked file stays picked for another try.
 *
 * `image` is the picked file for forms that keep it here; `saveWithImage(values, change)` takes the
 * change explicitly from a form that tracks it itself (removing a photo, for one).
 */
export function useSaveWithImage<V, S>({
  save,
  onSaveError,
  upload,
  uploadFailed,
  remove,
  onSaved,
}: SaveWithImageOptions<V, S>) {
  const [image, setImage] = useState<File | null>(null);

  const saveWithImage = async (values: V, change: ImageChange = image): Promise<void> => {
    let saved: S;
    try {
      saved = await save(values);
    } catch (error) {
      onSaveError(error);
      return;
    }
    if (change === 'remove') {
      if (remove) await tryImageStep(() => remove.run(saved), remove.failed);
    } else if (change && (await tryImageStep(() => upload(change, saved), uploadFailed))) {
      setImage(null);
    }
    await onSaved(values, saved);
  };

  return { image, setImage, saveWithImage };
}
