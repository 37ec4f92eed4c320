import { useEffect } from 'react';

/** Sets the document title as "<page> · Odontia" (screen readers announce it on navigation). */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Odontia`;
  }, [title]);
}
