/** Appends `value` to the list kept under `key` (the poll indexes of id flow are maps of lists). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
