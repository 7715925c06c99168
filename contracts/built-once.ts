/**
 * `build`, called once per key and remembered: for values that are costly to make and never
 * change, such as Intl formatters (building one costs about a hundred times using it).
 */
export function builtOncePer<K, V>(build: (key: K) => V): (key: K) => V {
  const built = new Map<K, V>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      built.set(key, value);
    }
    return value;
  };
}
