/**
 * Parameters that carry a credential are the operator's, never the agent's: an argument is logged by clients,
 * kept with the job in the store and shown back in its status, and a model asked for one can only guess it or be
 * handed a secret in the conversation. The server sends credentials itself, from the environment, by the security
 * schemes the contract declares (emitDefinition.ts). So a parameter is no argument when it is:
 * - the very parameter an API key scheme of the operation names (`in` and `name`, a header's name in any case): the
 *   contract said twice how the key travels (Trello declares its `key` and `token` schemes and, again, both as
 *   required query parameters of every operation);
 * - an OAuth token in the query, where the operation is authorised by a token the server already sends as the
 *   Authorization header (an OAuth 2 or OpenID Connect scheme, or HTTP bearer): RFC 6750 §2.3's `access_token`, and
 *   OAuth 1.0's `oauth_token` (RFC 5849 §3.5.3), as Google's discovery documents offer both on every method.
 * An operation with no such scheme keeps its token parameter: it is then the only way to authorise the call.
 */
import type { Operation, Parameter, SecurityScheme } from '../model/ir.js';

const QUERY_TOKENS: ReadonlySet<string> = new Set(['access_token', 'oauth_token']);

export function isCredentialParam(param: Parameter, op: Operation, schemes: readonly SecurityScheme[]): boolean {
  const usable = new Set(op.security.flat());
  const own = schemes.filter((s) => usable.has(s.key));
  const sameName = (name: string) => (param.in === 'header' ? name.toLowerCase() === param.name.toLowerCase() : name === param.name);
  if (own.some((s) => s.type === 'apiKey' && s.in === param.in && sameName(s.name))) return true;
  if (param.in !== 'query' || !QUERY_TOKENS.has(param.name)) return false;
  return own.some((s) => s.type === 'oauth2' || s.type === 'openIdConnect' || (s.type === 'http' && s.scheme.toLowerCase() === 'bearer'));
}
