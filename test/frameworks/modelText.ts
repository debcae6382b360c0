/**
 * What a model reads of a tool result a framework hands back: the text parts only (the AI SDK and the OpenAI
 * Agents SDK pass no structuredContent on), whatever wrapper the framework puts around them (a string, content
 * blocks, `{type: 'content', value: [...]}`, a CallToolResult, or that result as JSON text, as mcp-use does). A
 * plain object (Mastra hands back structuredContent itself) reaches the model as its JSON.
 */
export function modelTexts(output: unknown): string[] {
  if (typeof output === 'string') return [output];
  if (Array.isArray(output)) return output.flatMap(modelTexts);
  if (typeof output !== 'object' || output === null) return [];
  const o = output as Record<string, unknown>;
  if (o.type === 'text' && typeof o.text === 'string') return [o.text];
  if (o.content !== undefined) return modelTexts(o.content);
  if (o.value !== undefined) return modelTexts(o.value);
  return [JSON.stringify(o)];
}

/** The last text that parses as a JSON object: the structured result's JSON text block. */
export function modelJson(output: unknown): Record<string, unknown> {
  for (const text of modelTexts(output).reverse()) {
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      // A whole CallToolResult serialized as text: what the model reads is inside it.
      if (Array.isArray((value as { content?: unknown }).content)) return modelJson(value);
      return value as Record<string, unknown>;
    } catch {
      // A summary line, not the JSON block.
    }
  }
  throw new Error(`no JSON object among the texts a model reads: ${JSON.stringify(output).slice(0, 500)}`);
}
