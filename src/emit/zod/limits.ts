/** The bounds of the zod printer, in one import-free module (cuts, shapes and the entry point all read them). */
export const MAX_UNION_VARIANTS = 12;
export const ENUM_VALUES_PER_NODE = 4;
/** Characters of a property description (input schemas); the operation description has its own limit. */
export const DESCRIPTION_LIMIT = 200;
export const UNKNOWN = 'z.unknown()';
