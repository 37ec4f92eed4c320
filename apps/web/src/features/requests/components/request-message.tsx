import { useId, useState } from 'react';
import { cn } from '@/lib/utils';

/** Past this length (or this many lines) a message shows its first lines and «Ver mensaje completo». */
const LONG_CHARS = 240;
const LONG_LINES = 4;

/**
 * A request's message in the list: whole when short; a long one (the form takes 2,000 characters) shows
 * four lines and a button that opens the rest, so one row never takes the screen.
 */
export function RequestMessage({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_CHARS || text.split('\n').length > LONG_LINES;
  return (
    <div className={className}>
      <p id={id} className={cn('text-sm whitespace-pre-line wrap-anywhere', long && !open && 'line-clamp-4')}>
        {text}
      </p>
      {long ? (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Ver menos' : 'Ver mensaje completo'}
        </button>
      ) : null}
    </div>
  );
}
