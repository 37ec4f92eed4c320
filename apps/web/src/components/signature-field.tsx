import { Eraser } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * One signature pad (signature_pad: mouse, pen and touch), with its label, its state ('Sin firmar' /
 * 'Firmado', announced) and 'Borrar'. Reports the PNG data URL after every stroke, or null when empty.
 * The canvas is drawn at the screen's density (at most 2x), so the PNG stays well under 200 KB.
 */
export function SignatureField({
  label,
  signer,
  onChange,
  error,
}: {
  label: string;
  /** Who signs here, for the canvas' name and the 'Borrar' button: 'del paciente'. */
  signer: string;
  onChange: (png: string | null) => void;
  error?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changeRef = useRef(onChange);
  const [signed, setSigned] = useState(false);
  const id = useId();
  useEffect(() => {
    changeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    const fit = () => {
      canvas.width = (canvas.offsetWidth || 560) * ratio;
      canvas.height = (canvas.offsetHeight || 180) * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
    };
    fit();
    const pad = new SignaturePad(canvas, { penColor: '#1f2a44', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    // A turned tablet or a resized window changes the pad's width: redraw what was signed at the new size.
    const onResize = () => {
      if (!canvas.offsetWidth || canvas.offsetWidth * ratio === canvas.width) return;
      const strokes = pad.toData();
      fit();
      pad.clear();
      pad.fromData(strokes);
    };
    window.addEventListener('resize', onResize);
    const report = () => {
      const empty = pad.isEmpty();
      setSigned(!empty);
      changeRef.current(empty ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', report);
    return () => {
      window.removeEventListener('resize', onResize);
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setSigned(false);
    changeRef.current(null);
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <span
          aria-live="polite"
          className={cn('text-xs', signed ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground')}
        >
          {signed ? 'Firmado' : 'Sin firmar'}
        </span>
      </div>
      <canvas
        ref={canvasRef}
        tabIndex={0}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        className={cn(
          'h-[180px] w-full touch-none rounded-md border-2 border-dashed bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          error ? 'border-destructive' : 'border-input',
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          Firma dentro del recuadro con el dedo, un lápiz o el ratón.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={clear} aria-label={`Borrar la firma ${signer}`}>
          <Eraser aria-hidden="true" />
          Borrar
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
