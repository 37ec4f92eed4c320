/**
 * The product's mark and name, linking home: the header of the public pages and of the auth,
 * onboarding and terms screens. Its classes are those of the server's first paint of the public pages
 * (SHELL_CLASSES in apps/api's seo.ts; a test compares them), so nothing moves when React takes over.
 */
export function BrandMark({ to = '/' }: { to?: string }) {
  return (
    <a
      href={to}
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          className="fill-primary-foreground"
          d="M11 7c-3 0-5 2.4-5 5.6 0 2.6 1 4.4 1.8 6.6.9 2.6 1.1 6.8 3.2 6.8 1.9 0 1.8-4.6 3.2-6.4.5-.6 1.1-.9 1.8-.9s1.3.3 1.8.9c1.4 1.8 1.3 6.4 3.2 6.4 2.1 0 2.3-4.2 3.2-6.8.8-2.2 1.8-4 1.8-6.6C26 9.4 24 7 21 7c-2 0-3.2 1-5 1s-3-1-5-1z"
        />
      </svg>
      <span className="text-lg">Odontia</span>
    </a>
  );
}

/** The bar with the mark at the top of the onboarding and terms screens (spec 000 §2). */
export function BrandHeader() {
  return (
    <header className="bg-background border-b">
      <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
        <BrandMark />
      </div>
    </header>
  );
}
