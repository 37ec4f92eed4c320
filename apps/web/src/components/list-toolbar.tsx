import { RefreshCw, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type ListToolbarProps = {
  /** What the box searches, said by its label and placeholder ("Buscar por nombre o email"). */
  searchLabel: string;
  term: string;
  onTermChange: (term: string) => void;
  /** 'Actualizar': loads the list again. */
  onRefresh: () => void;
  refreshing: boolean;
};

/** The search box and 'Actualizar' button above the lists of spec 001 §2 (team, catalogue). */
export function ListToolbar({ searchLabel, term, onTermChange, onRefresh, refreshing }: ListToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative w-full max-w-md flex-1" role="search">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          className="pl-9"
          value={term}
          onChange={(e) => onTermChange(e.target.value)}
        />
      </div>
      <Button type="button" variant="outline" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} />
        Actualizar
      </Button>
    </div>
  );
}
