import { useNavigate } from 'react-router';
import { toastFailure, type FailureToast } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveWithImage, type SaveWithImageOptions } from '@/lib/use-save-with-image';

type SubmitPatientOptions<V, S> = Omit<SaveWithImageOptions<V, S>, 'onSaveError' | 'onSaved'> & {
  /** The toast when the patient's data is not saved (the form also puts the server's messages under its fields). */
  saveFailed: FailureToast;
  /** The toast once it is saved. */
  saved: (values: V) => { title: string; description: string };
};

/**
 * The submit of 'Nuevo Paciente' and 'Editar Paciente': save the data, then the photo, then back to
 * the list with a toast. A failed save is a toast and is thrown again, for the form's field messages.
 */
export function useSubmitPatient<V, S>({ saveFailed, saved, ...options }: SubmitPatientOptions<V, S>) {
  const navigate = useNavigate();
  const { saveWithImage } = useSaveWithImage({
    ...options,
    onSaveError: (error) => {
      toastFailure(error, saveFailed);
      throw error;
    },
    onSaved: (values) => {
      const done = saved(values);
      toast.success(done.title, done.description);
      navigate('/pacientes');
    },
  });
  return saveWithImage;
}
