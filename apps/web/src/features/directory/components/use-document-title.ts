import { useEffect } from 'react';

/** The same titles the server puts in the page for search engines, kept on client-side navigation. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
