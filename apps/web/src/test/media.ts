/**
 * A controllable `window.matchMedia` for jsdom, which has none. Tests set the viewport width and the
 * operating system's colour preference, and listeners hear about it as a browser would tell them.
 */
type MediaState = { width: number; prefersDark: boolean };

const DEFAULT_MEDIA: MediaState = { width: 1024, prefersDark: false };

let state: MediaState = { ...DEFAULT_MEDIA };
const lists = new Set<FakeMediaQueryList>();

function evaluate(query: string, media: MediaState): boolean {
  return query
    .split(/\s+and\s+/i)
    .map((part) => part.trim())
    .every((part) => {
      const feature = /^\(\s*([a-z-]+)\s*:\s*([^)]+?)\s*\)$/i.exec(part);
      if (!feature) return part === 'all' || part === 'screen';
      const [, name, value] = feature;
      switch (name) {
        case 'prefers-color-scheme':
          return value === (media.prefersDark ? 'dark' : 'light');
        case 'max-width':
          return media.width <= Number.parseFloat(value);
        case 'min-width':
          return media.width >= Number.parseFloat(value);
        default:
          return false;
      }
    });
}

class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  readonly media: string;
  onchange: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null = null;

  constructor(media: string) {
    super();
    this.media = media;
  }

  get matches() {
    return evaluate(this.media, state);
  }

  // The deprecated pair still appears in libraries.
  addListener(listener: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null) {
    if (listener) this.addEventListener('change', listener as EventListener);
  }

  removeListener(listener: ((this: MediaQueryList, event: MediaQueryListEvent) => unknown) | null) {
    if (listener) this.removeEventListener('change', listener as EventListener);
  }
}

export function installMatchMedia() {
  state = { ...DEFAULT_MEDIA };
  lists.clear();
  window.innerWidth = state.width;
  window.matchMedia = (query: string) => {
    const list = new FakeMediaQueryList(query);
    lists.add(list);
    return list;
  };
}

/** Changes the simulated screen and fires `change` on every query whose answer changed. */
export function setMedia(next: Partial<MediaState>) {
  const before = new Map([...lists].map((list) => [list, list.matches]));
  state = { ...state, ...next };
  window.innerWidth = state.width;
  for (const [list, matched] of before) {
    if (list.matches === matched) continue;
    const event = Object.assign(new Event('change'), { matches: list.matches, media: list.media });
    list.dispatchEvent(event);
    list.onchange?.call(list, event as MediaQueryListEvent);
  }
}
