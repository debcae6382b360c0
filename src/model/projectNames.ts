/**
 * The names a generated project takes from its API title, from one slug: the default output directory
 * (`openai-api`) and the npm package (`openai-api-mcp`) always agree. ASCII only, so both work on every file
 * system and in npm (lower case, digits and `-`; never leading `.`, `_` or `-`). Pure.
 */

/** Longest slug: the folder name stays readable, and the package name far below npm's 214. */
const MAX_SLUG = 64;

/** `Azure Document Translation` → `azure-document-translation`, `Café  Orders!` → `cafe-orders`; '' when nothing is left. */
export function titleSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/** The default output folder: the title's slug (`mcp-server` for a title without letters or digits). */
export function defaultOutputDir(title: string): string {
  return titleSlug(title) || 'mcp-server';
}

/** The default npm package name: the title's slug + `-mcp` (`api-mcp` for a title without letters or digits). */
export function defaultPackageName(title: string): string {
  return `${titleSlug(title) || 'api'}-mcp`;
}
