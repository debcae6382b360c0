/**
 * A refused call's arguments in words (templates/runtime/mcp/argumentErrors.ts): a union names the member the call
 * came closest to and what that member still needs, instead of every member's issues as JSON. The listed schema
 * of a union of objects is one merged object (wireUnion.ts), so a model may mix members; the server's exact union
 * refuses the mix, and this is what the model reads.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { argumentErrors } from '../../templates/runtime/mcp/argumentErrors.js';

const text = z.object({ type: z.literal('text'), text: z.string() });
const image = z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string() }) });
const message = z.union([
  z.object({ role: z.literal('system'), content: z.union([z.string(), z.array(text)]) }),
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(z.union([text, image]))]) }),
  z.object({ role: z.literal('tool'), content: z.string(), tool_call_id: z.string() }),
]);
const input = z.object({ messages: z.array(message) });

function refusal(args: unknown): string {
  const parsed = input.safeParse(args);
  if (parsed.success) throw new Error('expected a refusal');
  return argumentErrors(parsed.error, args);
}

describe('argumentErrors', () => {
  it('names the member a mixed call is closest to, and what it needs, down nested unions', () => {
    // An image part in a system message: a user message's part, which the system role does not take.
    const said = refusal({ messages: [{ role: 'system', content: [{ type: 'image_url', image_url: { url: 'u' } }] }] });
    expect(said).toBe(
      'messages[0]: matches none of the 3 alternatives; closest is role=system (alternative 1 of 3), which needs: ' +
        'messages[0].content: matches none of the 2 alternatives; closest is alternative 2 of 2, which needs: ' +
        'messages[0].content[0].type: Invalid input: expected "text"; messages[0].content[0].text: Invalid input: expected string, received undefined',
    );
  });

  it('names a member whose only miss is a property another member has', () => {
    const said = refusal({ messages: [{ role: 'tool', content: 'done' }] });
    expect(said).toMatch(/^messages\[0\]: matches none of the 3 alternatives; closest is role=tool \(alternative 3 of 3\), which needs: /);
    expect(said).toMatch(/messages\[0\]\.tool_call_id: Invalid input: expected string, received undefined$/);
  });

  it('keeps zod’s own message when no union is involved', () => {
    const parsed = z.object({ limit: z.number() }).safeParse({ limit: 'x' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(argumentErrors(parsed.error, { limit: 'x' })).toBe(parsed.error.message);
  });
});
