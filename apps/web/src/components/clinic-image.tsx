import { Smile } from 'lucide-react';
import { cx } from '@/lib/cx';

/**
 * A clinic's picture in a fixed 16:10 box: width and height are set so the page never shifts while
 * it loads. Without a picture, a calm placeholder takes the same room.
 */
export function ClinicImage({
  src,
  className,
  priority = false,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
}: {
  src: string | null;
  className?: string;
  priority?: boolean;
  sizes?: string;
}) {
  return (
    <div
      className={cx(
        'relative aspect-[16/10] overflow-hidden bg-gradient-to-br from-primary/15 to-primary/5',
        className,
      )}
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={800}
          height={500}
          sizes={sizes}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-primary/60">
          <Smile className="size-12" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
