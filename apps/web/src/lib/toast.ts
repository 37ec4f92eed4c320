import type { ExternalToast, toast as sonnerToast } from 'sonner';

type ToastOptions = Omit<ExternalToast, 'description'>;
type Sonner = typeof sonnerToast;

/*
 * sonner (about 10 KB gzipped) is loaded on the first toast, not with the app: the public pages
 * never show one and must stay within their JavaScript budget (bench/). The toast area mounts then
 * (see ToasterHost in src/components/ui/sonner-host.tsx) and the toast is shown once it listens.
 */
let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let loading: Promise<Sonner> | null = null;

function sonner(): Promise<Sonner> {
  if (!loading) {
    requested = true;
    listeners.forEach((listener) => listener());
    loading = Promise.all([import('sonner'), mounted]).then(([module]) => module.toast);
  }
  return loading;
}

/** For ToasterHost: whether a toast was asked for, and a way to hear when one is. */
export const toasterState = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: () => requested,
  /** Called by ToasterHost once the toast area listens. */
  mounted: () => markMounted(),
};

const show = (call: (s: Sonner) => unknown) => {
  void sonner().then(call);
};

/**
 * The five variants of the specs (default, destructive, success, warning, info), each called as
 * `toast.success('Paciente creado', 'Los datos se guardaron correctamente')`.
 */
export const toast = {
  default: (title: string, description?: string, options?: ToastOptions) =>
    show((s) => s(title, { ...options, description })),
  destructive: (title: string, description?: string, options?: ToastOptions) =>
    show((s) => s.error(title, { ...options, description })),
  /** Same as `destructive`. */
  error: (title: string, description?: string, options?: ToastOptions) =>
    show((s) => s.error(title, { ...options, description })),
  success: (title: string, description?: string, options?: ToastOptions) =>
    show((s) => s.success(title, { ...options, description })),
  warning: (title: string, description?: string, options?: ToastOptions) =>
    show((s) => s.warning(title, { ...options, description })),
  info: (title: string, description?: string, options?: ToastOptions) =>
    show((s) => s.info(title, { ...options, description })),
  dismiss: (id?: string | number) => show((s) => s.dismiss(id)),
};
