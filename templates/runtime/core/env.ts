/**
 * The process environment as the runtime reads it: every setting comes from here, so tests hand in their own.
 * Its own module because config, secrets and auth all read it and config imports secrets.
 */
export type Env = Record<string, string | undefined>;
