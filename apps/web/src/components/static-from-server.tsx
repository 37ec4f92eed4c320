import { useState, type ReactNode } from 'react';

/**
 * Static content (links and text, nothing to hydrate) of a page the server rendered: the browser keeps
 * the server's HTML as it is, without loading or running its components, so it weighs nothing on the
 * page becoming interactive. Where the browser renders the page itself, it renders `children`.
 * `id` finds the server's HTML; it must be unique in the page.
 */
export function StaticFromServer({ id, children }: { id: string; children: ReactNode }) {
  // Read once, in the first (hydrating) render, before React has touched the page.
  const [html] = useState(() =>
    typeof document === 'undefined' ? null : (document.getElementById(id)?.innerHTML ?? null),
  );
  if (html !== null) return <div id={id} dangerouslySetInnerHTML={{ __html: html }} />;
  return <div id={id}>{children}</div>;
}
