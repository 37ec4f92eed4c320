/**
 * Joins class names, dropping the falsy ones. No tailwind-merge (about 9 KB gzipped): what the public
 * pages use must stay within their JavaScript budget (bench/), so callers add only classes that do not
 * fight the component's own. Staff screens that need overrides use `cn` from ./utils.
 */
export const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');
