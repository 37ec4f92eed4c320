/**
 * The server gives a public page the data of its first render (see the API's seo/page-meta.ts), keyed
 * by the API path and query the page would fetch: in the browser from a <script type="application/json">
 * in the HTML, on the server (entry-server.tsx) for the render that writes that HTML. Reading it saves a
 * round trip before the first render; each entry is used once, so later visits to the same page fetch
 * fresh data.
 */
const BOOT_DATA_ID = 'odontia-datos';

let entries: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (entries) return entries;
  entries = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ID);
  if (element?.textContent) {
    try {
      entries = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
    } catch {
      // Malformed data only costs the round trip it was meant to save.
    }
    element.remove();
  }
  return entries;
}

export function takeBootData<T>(key: string): T | undefined {
  const map = load();
  if (!map.has(key)) return undefined;
  const value = map.get(key) as T;
  map.delete(key);
  return value;
}

/**
 * Server rendering: `render` (synchronous, so no other request's render can run in between) reads
 * `data` as its boot data, which is then forgotten.
 */
export function renderWithBootData<T>(data: Record<string, unknown>, render: () => T): T {
  entries = new Map(Object.entries(data));
  try {
    return render();
  } finally {
    entries = null;
  }
}
