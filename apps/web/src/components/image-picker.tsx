import { checkImageFile, IMAGE_ACCEPT_ATTRIBUTE, IMAGE_MESSAGES } from '@odontia/shared';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

export type ImageProblem = 'notAnImage' | 'tooLarge';

/** Spec 000 §5: on the profile photo and the clinic settings, a rejected file is a toast. */
export function toastImageProblem(problem: ImageProblem) {
  if (problem === 'notAnImage') toast.error(IMAGE_MESSAGES.invalidFormatToast, IMAGE_MESSAGES.notAnImage);
  else toast.error(IMAGE_MESSAGES.tooLargeToast, IMAGE_MESSAGES.tooLarge);
}

/** The inline messages of the onboarding clinic step (spec 000 §5). */
export const imageProblemMessage = (problem: ImageProblem) => IMAGE_MESSAGES[problem];

/**
 * The file picked in an <input type="file">, if it passes the image rules; `onInvalid` hears of one
 * that does not. Checked here only so that people get the message before uploading: the server
 * checks the content again and decides.
 */
export function pickImage(
  event: ChangeEvent<HTMLInputElement>,
  onInvalid: (problem: ImageProblem) => void,
): File | null {
  const picked = event.target.files?.[0];
  // Picking the same file again must fire change again.
  event.target.value = '';
  if (!picked) return null;
  const problem = checkImageFile(picked);
  if (problem) {
    onInvalid(problem);
    return null;
  }
  return picked;
}

type ImagePickerProps = {
  label: string;
  /** The image saved so far (its public URL), shown until another file is picked. */
  currentUrl?: string | null;
  /** The picked file, not uploaded yet; its preview replaces currentUrl. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Called instead of onFileChange for a file that breaks the image rules (spec 000 §5). */
  onInvalid: (problem: ImageProblem) => void;
  /** Shown under the control, tied to it with aria-describedby (e.g. the inline rule message). */
  error?: string;
  shape?: 'square' | 'circle';
  fallback?: ReactNode;
  disabled?: boolean;
  buttonLabel?: string;
};

/**
 * Picks one image with a preview. Files are checked here only so that people get the message
 * before uploading: the server checks the content again and decides.
 */
export function ImagePicker({
  label,
  currentUrl,
  file,
  onFileChange,
  onInvalid,
  error,
  shape = 'square',
  fallback,
  disabled = false,
  buttonLabel = 'Seleccionar imagen',
}: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  // A data URL needs nothing revoked, so the preview survives effects that run twice.
  useEffect(() => {
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
    };
  }, [file]);

  const shown = (file && preview?.file === file ? preview.url : null) ?? currentUrl ?? null;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = pickImage(event, onInvalid);
    if (picked) onFileChange(picked);
  }

  return (
    <div className="flex items-center gap-4" data-slot="image-picker">
      <div
        className={cn(
          'bg-muted text-muted-foreground flex size-20 shrink-0 items-center justify-center overflow-hidden border',
          shape === 'circle' ? 'rounded-full' : 'rounded-lg',
        )}
      >
        {shown ? (
          <img src={shown} alt={`Vista previa: ${label}`} className="size-full object-cover" />
        ) : (
          (fallback ?? <ImagePlus className="size-6" aria-hidden="true" />)
        )}
      </div>
      <div className="grid gap-1.5">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {/* Hidden: the button below is the control people see and reach with the keyboard. */}
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT_ATTRIBUTE}
          className="hidden"
          onChange={onChange}
          disabled={disabled}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-describedby={`${id}-label ${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        >
          {buttonLabel}
        </Button>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {IMAGE_MESSAGES.hint}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
