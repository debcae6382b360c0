/**
 * A link in the start's answer to the job's own status read. A job API that hands out a URL rather than an id names
 * the link after what it leads to (Box's `POST /zip_downloads` answers `status_url`, "follow the `status_url` field
 * in the response to this endpoint": `GET /zip_downloads/{zip_download_id}/status`; `progress_url`, `status_href`).
 * The link is read as the poll when its name, less the URL word, spells the last segment of a GET one segment below
 * the item the start made or acts on (`/zip_downloads/{}/status`): the contract's own layout says where it leads.
 * The client follows the URL as handed out (RFC 8288's links, as HTML's `href`): the runtime polls it as a monitor,
 * and reads the status the way the linked GET declares it (linkedStatusStarts.ts).
 */
import type { Operation } from '../../model/ir.js';
import type { DetectContext } from '../detectTypes.js';
import { answerFields } from '../read/envelope.js';
import { nameTokens } from '../read/nameTokens.js';
import { splitPath, successSchema } from '../read/operationIndex.js';
import { URL_WORDS } from '../read/signalWords.js';

export interface LinkFieldPoll {
  /** The answer's top-level field that holds the URL (`status_url`). */
  field: string;
  /** The GET the URL leads to, whose answer declares the status. */
  op: Operation;
}

/** The GETs the start's answer links by a URL field named after them; one per field, none when two fit. */
export function linkFieldPolls(start: Operation, ctx: DetectContext, mayPoll: (op: Operation) => boolean): LinkFieldPoll[] {
  const { reader, index } = ctx;
  const own = splitPath(start.path).pathname.replace(/\/$/, '');
  // Below the item the start made (`POST /zip_downloads` → `/zip_downloads/{}/…`) or the one it acts on.
  const below = [...index.children(`${own}/{item}`), ...index.children(own)].filter(
    (op) => op.method === 'GET' && op !== start && mayPoll(op),
  );
  if (below.length === 0) return [];
  const out: LinkFieldPoll[] = [];
  for (const { name, path, schema } of answerFields(reader, successSchema(start))) {
    const tokens = nameTokens(name);
    if (tokens.length < 2 || !URL_WORDS.has(tokens.at(-1)!) || reader.typeOf(schema) === 'object') continue;
    const named = tokens.slice(0, -1).join(' ');
    const leads = below.filter((op) => nameTokens(lastSegment(op)).join(' ') === named);
    if (leads.length === 1) out.push({ field: path, op: leads[0]! });
  }
  return out;
}

/** The last segment of an operation's path when it is a literal (`status`), else `''`. */
function lastSegment(op: Operation): string {
  const last = splitPath(op.path).pathname.replace(/\/$/, '').split('/').at(-1) ?? '';
  return last.startsWith('{') ? '' : last;
}
