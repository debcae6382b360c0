/**
 * Values kept by reference (jobs/resultRefs.ts) as MCP resources. A tool result names one by `result_ref.uri`
 * and a `resource_link`; `resources/read` on that URI answers one page of it (UTF-8 text cut on a character
 * boundary, `_meta` carrying the byte offsets and the next page's URI), and `?offset=N` reads on from byte N.
 * `resources/templates/list` names the URI form; `resources/list` is empty, because these values are reached
 * from the tool results that name them, not browsed. A URI of another tenant's job reads as not found.
 */
import type { Server } from '@modelcontextprotocol/server';
import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { parseRefUri, REF_URI_TEMPLATE, readRefPage, refUri } from '../jobs/resultRefs.js';

export function serveResultResources(server: Server, ctx: RuntimeContext): void {
  server.registerCapabilities({ resources: {} });
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: REF_URI_TEMPLATE,
        name: 'job-values',
        title: 'Large job results',
        description: `A job result or call answer larger than ${ctx.config.resultInlineMaxBytes} bytes (JOB_RESULT_INLINE_MAX_BYTES), named by a tool result's result_ref.uri: each read answers one page of up to that many bytes; _meta['mcp-jobgen/next_offset'] gives the offset of the next (?offset=N).`,
      },
    ],
  }));
  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    const named = parseRefUri(uri);
    if (!named)
      throw new ResourceNotFoundError(
        uri,
        `No resource ${uri.slice(0, 200)}: this server serves only the result_ref URIs its tools hand out.`,
      );
    const page = await readRefPage(ctx, named.jobId, named.name, named.offset);
    if (!page) {
      throw new ResourceNotFoundError(
        uri,
        `No ${named.name} of job ${named.jobId} is kept here: the job_id is unknown to this server (or this credential), or it lapsed after JOB_RETENTION_MS.`,
      );
    }
    const meta: Record<string, unknown> = {
      'mcp-jobgen/offset': page.offset,
      'mcp-jobgen/next_offset': page.next_offset,
      'mcp-jobgen/size_bytes': page.size_bytes,
    };
    if (page.next_offset !== null) meta['mcp-jobgen/next_uri'] = refUri(named.jobId, named.name, page.next_offset);
    return { contents: [{ uri, mimeType: page.content_type ?? 'text/plain', text: page.text, _meta: meta }] };
  });
}
