/**
 * The resource's own documentation says it is made asynchronously. A contract that cannot mark the work in its
 * protocol (no 202, no monitor header) often says it in prose where the resource is defined: Increase's `Export` is
 * "generated asynchronously", and its `status` enumerates only `pending` → `complete`. What the description of the
 * read document (or of its status field) states is the vendor's word that the status follows work, not a business
 * state; it is one sign among the resource convention's weights (assessJobResource.ts), never a family on its own.
 *
 * Only the word for it, "asynchronous(ly)": a payment "processed in the background" or "may take a few days" is
 * a business delay, and a lifecycle of business states with a described delay is still no job. The path may say it
 * in that word's short form, as a segment of its own (Perplexity's `GET /async/chat/completions/{api_request}`): the
 * vendor files the resource under its asynchronous kind (asyncPath).
 */
import type { JsonSchema } from '../../model/ir.js';
import { envelopeMember } from '../read/envelope.js';
import type { SchemaReader } from '../read/schemaWalk.js';

const ASYNC_WORD = /\basynchronous(ly)?\b/i;

/** The read document's description, or its status field's, says it is made asynchronously; the sentence, or null. */
export function describedAsync(reader: SchemaReader, body: JsonSchema | undefined, statusField: string | null): string | null {
  // The document is the resource an envelope carries, when its status is read there (`{data: {status}}`).
  const member = envelopeMember(reader, body);
  const enveloped = member !== null && statusField?.startsWith(`${member}.`) === true;
  const document = enveloped ? reader.properties(body).get(member) : body;
  const own = enveloped ? reader.description(document) || reader.description(body) : reader.description(document);
  const relative = enveloped ? statusField!.slice(member!.length + 1) : statusField;
  const field = relative === null || relative.includes('.') ? '' : reader.description(reader.properties(document).get(relative));
  for (const text of [own, field]) {
    const sentence = text.split(/(?<=[.!?])\s+/).find((s) => ASYNC_WORD.test(s));
    if (sentence !== undefined) return sentence.trim();
  }
  return null;
}

/** The read's path files the resource under `async`, a segment of its own (`/async/chat/completions/{id}`), or null. */
export function asyncPath(path: string): string | null {
  const segments = path.split('?')[0]!.split('/');
  return segments.some((s) => s.toLowerCase() === 'async') ? path : null;
}
