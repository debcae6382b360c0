/**
 * Who may talk to the HTTP endpoint. A page in the user's browser can reach a local server by DNS rebinding,
 * so Host and Origin are checked on every request (the MCP transport spec: servers MUST validate Origin);
 * a server listening beyond loopback also requires a bearer token, compared in constant time.
 *
 * Loopback bind: Host/Origin must name localhost, 127.0.0.1 or [::1] (plus MCP_ALLOWED_HOSTS).
 * Other binds: MCP_HTTP_TOKEN and MCP_ALLOWED_HOSTS are required (`*` accepts any host name).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { localhostAllowedHostnames, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import type { McpSettings } from './mcpSettings.js';

export interface Rejection {
  status: 401 | 403;
  message: string;
  headers?: Record<string, string>;
}

export interface HttpGuard {
  check(headers: IncomingHttpHeaders): Rejection | null;
}

/** 127.0.0.0/8, ::1 and localhost: only processes on this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Why the server must not listen on `host` with these settings, or null when it may. */
export function bindProblem(settings: McpSettings, host: string): string | null {
  if (isLoopbackHost(host)) return null;
  const missing = [];
  if (!settings.httpToken) missing.push('MCP_HTTP_TOKEN (the bearer token clients must send)');
  if (settings.allowedHosts !== 'any' && settings.allowedHosts.length === 0) {
    missing.push('MCP_ALLOWED_HOSTS (the host names clients use to reach this server, or *)');
  }
  if (missing.length === 0) return null;
  return `refusing to listen on ${host} (beyond loopback) without ${missing.join(' and ')}.`;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time: both sides are hashed to the same length first, so neither content nor length leaks. */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(presented ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}

export function createHttpGuard(settings: McpSettings, bindHost: string): HttpGuard {
  const problem = bindProblem(settings, bindHost);
  if (problem) throw new Error(problem);
  const allowed =
    settings.allowedHosts === 'any'
      ? null
      : [...new Set([...(isLoopbackHost(bindHost) ? localhostAllowedHostnames() : []), ...settings.allowedHosts])];
  return {
    check(headers) {
      if (allowed) {
        const host = validateHostHeader(headers.host, allowed);
        if (!host.ok) return { status: 403, message: `Forbidden: ${host.message}` };
        const origin = validateOriginHeader(headers.origin, allowed);
        if (!origin.ok) return { status: 403, message: `Forbidden: ${origin.message}` };
      }
      if (settings.httpToken && !tokenMatches(headers.authorization, settings.httpToken)) {
        return {
          status: 401,
          message: 'Unauthorized: send Authorization: Bearer <MCP_HTTP_TOKEN>.',
          headers: { 'www-authenticate': 'Bearer realm="mcp"' },
        };
      }
      return null;
    },
  };
}
