import { directoryQueryString } from '@odontia/shared';
import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { usePublicPage } from '@/lib/public-page';

/** Free text (clinic name, specialty or city) that opens the directory with the search. */
export function SearchBox({ className, defaultValue = '' }: { className?: string; defaultValue?: string }) {
  const { navigate } = usePublicPage();
  const id = useId();
  // Uncontrolled: what a visitor typed before the page was hydrated is what is searched.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '');
    navigate(`/clinicas${directoryQueryString({ q })}`);
  };
  return (
    <form
      role="search"
      action="/clinicas"
      method="get"
      onSubmit={submit}
      className={cx('flex w-full gap-2 rounded-xl border bg-background p-2 shadow-lg', className)}
    >
      <label htmlFor={id} className="sr-only">
        Buscar por clínica, especialidad o ciudad
      </label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          placeholder="Ej.: Ortodoncia o Madrid"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="h-11 w-full rounded-lg bg-transparent pr-3 pl-10 text-base outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      <button type="submit" className={buttonVariants({ size: 'xl' })}>
        Buscar
      </button>
    </form>
  );
}
