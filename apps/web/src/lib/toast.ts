import { type ExternalToast, toast as sonner } from 'sonner';

type ToastOptions = Omit<ExternalToast, 'description'>;

/**
 * The five variants of the specs (default, destructive, success, warning, info), each called as
 * `toast.success('Paciente creado', 'Los datos se guardaron correctamente')`.
 */
export const toast = {
  default: (title: string, description?: string, options?: ToastOptions) =>
    sonner(title, { ...options, description }),
  destructive: (title: string, description?: string, options?: ToastOptions) =>
    sonner.error(title, { ...options, description }),
  /** Same as `destructive`. */
  error: (title: string, description?: string, options?: ToastOptions) =>
    sonner.error(title, { ...options, description }),
  success: (title: string, description?: string, options?: ToastOptions) =>
    sonner.success(title, { ...options, description }),
  warning: (title: string, description?: string, options?: ToastOptions) =>
    sonner.warning(title, { ...options, description }),
  info: (title: string, description?: string, options?: ToastOptions) =>
    sonner.info(title, { ...options, description }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
