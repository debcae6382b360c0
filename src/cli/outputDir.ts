/**
 * The default output folder: the API title in kebab-case (`Azure Document Translation` →
 * `azure-document-translation`), ASCII only so the folder name works on every file system and in npm.
 */
export function defaultOutputDir(title: string): string {
  const kebab = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return kebab === '' ? 'mcp-server' : kebab;
}
