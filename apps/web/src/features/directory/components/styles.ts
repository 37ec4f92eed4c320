/** The look of components/ui/skeleton.tsx as a class name, for the public pages (no tailwind-merge there). */
export const skeletonClass = 'animate-pulse rounded-md bg-accent';
