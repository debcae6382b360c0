/** The bounds of the zod printer, in one import-free module (cuts, shapes and the entry point all read them). */
export const MAX_UNION_VARIANTS = 12;
export const ENUM_VALUES_PER_NODE = 4;
/** Characters of a property description (input schemas); the operation description has its own limit. */
export const DESCRIPTION_LIMIT = 200;
export const UNKNOWN = 'z.unknown()';
/**
 * The type argument of every object schema (`z.looseObject<z.core.$ZodShape>({ … })`, empty ones too). Inferred,
 * each object would get a type of its own (and every object nesting it one more), and tsc would relate each of
 * them to zod's base types: most of a generated project's type-check. Given, every object has the one type
 * `ZodObject<$ZodShape>`, and each property is still checked to be a zod schema (which the inferred
 * `Record<string, any>` constraint does not do). Nothing reads the inferred shape: the operation tables hold
 * `z.ZodObject`.
 */
export const SHAPE_TYPE = '<z.core.$ZodShape>';
/**
 * The type argument of every string enum (`z.enum<readonly string[]>(['a', 'b'])`). Inferred (zod's
 * `const T extends readonly string[]`), each distinct value list gets a `ZodEnum<{ a: 'a'; b: 'b' }>` of its own,
 * and tsc instantiates all of ZodEnum's members for it; given, every enum has the one type
 * `ZodEnum<{ [k: string]: string }>`, and each value is still checked to be a string. Type arguments are erased:
 * the JavaScript is the same. Nothing reads the literal union (the tables hold `z.ZodObject`; defaultFor checks a
 * default against the contract's values). Measured on GitHub's project (648 enums, 208 distinct; runtime as
 * .d.ts): types 62.6k -> 48.7k, instantiations 58.4k -> 23.0k.
 */
export const ENUM_TYPE = '<readonly string[]>';
/**
 * A literal's type argument is its JavaScript type (`z.literal<string>('circle')`), for the same reason: inferred,
 * each distinct value gets a `ZodLiteral<'circle'>` of its own, about 48 types and 110 instantiations apiece (2,000
 * distinct literals in a micro test: 97k types, 218k instantiations, 3.9 s of check; pinned: 5k, 0.5k, 0.7 s).
 */
export function literalType(value: unknown): string {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
    ? `<${typeof value}>`
    : '';
}
/** An object whose properties are not spelled out (none declared, or cut): it keeps its JSON type. */
export const EMPTY_OBJECT = `z.looseObject${SHAPE_TYPE}({})`;
