import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The ghost "back" button at the top of the store's pages. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
