import { useEffect, useEffectEvent, useState } from 'react';
import { takeBootData } from './boot-data';

type State<T> = { key: string; data?: T; error?: unknown; done: boolean };

export type PageData<T> = {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** The data of the previous key, kept on screen while the new one loads. */
  isPlaceholderData: boolean;
};

/**
 * A public page's data, without a query library (the public pages have a JavaScript budget): the
 * data the server embedded in the page under `key` (its API path and query), or else `load()` once.
 * When the key changes (a new search on the same page) the previous data stays until the new comes.
 */
export function usePageData<T>(key: string, load: () => Promise<T>): PageData<T> {
  const [state, setState] = useState<State<T>>(() => {
    const data = takeBootData<T>(key);
    return data === undefined ? { key, done: false } : { key, data, done: true };
  });
  const fetchData = useEffectEvent(load);
  const current = state.key === key;
  const pending = !current || !state.done;
  useEffect(() => {
    if (!pending) return;
    let live = true;
    fetchData().then(
      (data) => live && setState({ key, data, done: true }),
      (error: unknown) => live && setState({ key, error, done: true }),
    );
    return () => {
      live = false;
    };
  }, [key, pending]);
  return {
    data: state.data,
    error: current ? state.error : undefined,
    isPending: pending && state.data === undefined,
    isPlaceholderData: !current && state.data !== undefined,
  };
}
