/**
 * 31-bit FNV-1a over the UTF-8 bytes of `key`, never 0: a stable id that fits a PostgreSQL integer and does not
 * depend on file order, so a rebuild keeps the ids of unchanged entries.
 */
export function stableId(key: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const id = h & 0x7fffffff;
  return id === 0 ? 1 : id;
}
