import { Spinner } from '@/components/ui/spinner';

/** The store's spinner while a screen's data loads (spec 001 §2 Store: "A spinner shows while loading"). */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
