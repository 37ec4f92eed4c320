/**
 * A value kept per object (a database, an auth instance, a realtime listener), made on first use and
 * dropped with that object: a cache or a prepared statement of one app never serves another (tests build
 * many apps in one process, each on its own database).
 */
export function perInstance<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) values.set(key, (value = make(key)));
    return value;
  };
}
