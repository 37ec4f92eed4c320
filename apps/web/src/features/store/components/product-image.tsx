import { Package } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A product's picture in a square box of fixed size, so cards never shift while it loads; without
 * one, a quiet placeholder takes the same room.
 */
export function ProductImage({
  src,
  className,
  priority = false,
}: {
  src: string | null;
  className?: string;
  priority?: boolean;
}) {
  return (
    <div className={cn('relative aspect-square overflow-hidden rounded-md bg-muted', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div
          className="flex size-full items-center justify-center text-muted-foreground/60"
          data-testid="product-image-placeholder"
        >
          <Package className="size-1/3 max-h-16 max-w-16" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
