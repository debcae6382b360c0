/**
 * The runtime readers printed zod code calls: values of `runtime/index.js` that read or check an argument as the
 * generated server receives it. A printer records the reader it printed on its conversion's frame (memo.ts passes
 * a reused conversion's on, and a nested one's to the conversion around it); the tool file and the schema module
 * import what their schemas recorded (emitTools.ts, schemaModule.ts). One row here is a new reader's whole wiring.
 *
 * Not here: `z`, `lazy`, `once` and `schemaModule`. They say how a file builds its schemas (on first read, once,
 * from the module loaded on first call), which the file writer decides from its layout; no printed schema calls
 * them, so no conversion records them.
 */

/** Each reader with the runtime name a file imports for it, in the order the import line lists them. */
const READERS = [
  /** A contract pattern, checked by RE2 in linear time (core/contractPattern.ts). */
  { reader: 'pattern', imports: 'matchesPattern' },
  /** A map also sent as `{key, value}` pairs (core/mapPairs.ts). */
  { reader: 'pairs', imports: 'pairs' },
  /** A union's list also sent as `{list: […]}` (core/listForm.ts). */
  { reader: 'lists', imports: 'listForm' },
  /** An untyped value, an object or array sent as `{json: "…"}` (core/anyJson.ts). */
  { reader: 'anyJson', imports: 'anyJson' },
] as const;

export type RuntimeReader = (typeof READERS)[number]['reader'];

const BIT = Object.fromEntries(READERS.map((row, i) => [row.reader, 1 << i])) as Record<RuntimeReader, number>;

/**
 * The readers some printed code used. One bit a reader: every memoized conversion merges its set into the one
 * around it (and a reused one into the conversion under way), so a merge is one `|` with nothing to walk.
 */
export class ReaderSet {
  private bits = 0;

  use(reader: RuntimeReader): void {
    this.bits |= BIT[reader];
  }

  /** Adds what `other` used (a reused or nested conversion, one tool's input). */
  merge(other: ReaderSet): void {
    this.bits |= other.bits;
  }

  has(reader: RuntimeReader): boolean {
    return (this.bits & BIT[reader]) !== 0;
  }

  /** The runtime names to import, in the table's order whatever order they were used in. */
  imports(): string[] {
    return READERS.filter((row) => this.has(row.reader)).map((row) => row.imports);
  }
}
