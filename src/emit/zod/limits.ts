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
/** An object whose properties are not spelled out (none declared, or cut): it keeps its JSON type. */
export const EMPTY_OBJECT = `z.looseObject${SHAPE_TYPE}({})`;
