import { useState, type ReactNode } from 'react';
import { imageProblemMessage, ImagePicker, type ImageProblem } from '@/components/image-picker';
import { Button } from '@/components/ui/button';
import type { ImageChange } from '@/lib/use-save-with-image';

/**
 * The image a form will save: a picked file, the saved one taken away, or nothing changed.
 * `change` is what the form hands to useSaveWithImage on submit.
 */
export function useImageChoice(currentUrl: string | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [removed, setRemoved] = useState(false);
  const shownUrl = removed ? null : (currentUrl ?? null);
  const change: ImageChange = file ?? (removed && currentUrl ? 'remove' : null);
  return { file, setFile, problem, setProblem, setRemoved, shownUrl, change };
}

export type ImageChoice = ReturnType<typeof useImageChoice>;

type RemovableImageFieldProps = {
  choice: ImageChoice;
  label: string;
  /** What the buttons call it: 'foto' → 'Subir foto', 'Cambiar foto', 'Quitar foto'. */
  noun: string;
  shape?: 'square' | 'circle';
  fallback?: ReactNode;
  disabled: boolean;
};

/**
 * An image of a record (a patient's photo, an item's image) with the image rules' inline message
 * and a way to take it away; nothing is sent until the form is saved.
 */
export function RemovableImageField({ choice, label, noun, shape, fallback, disabled }: RemovableImageFieldProps) {
  const { file, setFile, problem, setProblem, setRemoved, shownUrl } = choice;
  const hasImage = Boolean(shownUrl || file);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <ImagePicker
        label={label}
        shape={shape}
        currentUrl={shownUrl}
        file={file}
        onFileChange={(picked) => {
          setProblem(null);
          setFile(picked);
        }}
        onInvalid={(found) => {
          setFile(null);
          setProblem(found);
        }}
        error={problem ? imageProblemMessage(problem) : undefined}
        buttonLabel={hasImage ? `Cambiar ${noun}` : `Subir ${noun}`}
        fallback={fallback}
        disabled={disabled}
      />
      {hasImage ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mb-5 text-destructive hover:text-destructive"
          disabled={disabled}
          onClick={() => {
            // A picked file is simply dropped; a saved image is removed when the form is saved.
            if (file) setFile(null);
            else setRemoved(true);
          }}
        >
          Quitar {noun}
        </Button>
      ) : null}
    </div>
  );
}
