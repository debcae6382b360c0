/**
 * Which side of the call a schema is printed for. Its own module because every zod file reads it (the scalar
 * printers, the memo's key, the context) and none of them may import another for it without a cycle.
 */
export type ZodMode = 'input' | 'output';
