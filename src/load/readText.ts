/**
 * A spec file's bytes → its text, as `readFileSync(path, 'utf8')` gives it, in a tenth of the time on big specs.
 * Decoding the whole buffer at once takes V8's byte-at-a-time UTF-8 path for everything after the first
 * non-ASCII character (GitHub's 13 MB spec has 41 lines with one: ~120 ms); decoded in slices, every slice
 * without one is copied as Latin-1 (~10 ms in all). The StringDecoder carries a character split across two
 * slices over, as fs.promises.readFile does with its own chunks.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const SLICE_BYTES = 16 * 1024;

export function readTextFile(path: string): string {
  return decodeUtf8(readFileSync(path));
}

/**
 * A file a `$ref` names: only a regular file is read. A FIFO or a device (`/dev/zero`, `/dev/stdin`) would hang
 * the generator or fill its memory; it is opened without blocking and refused after fstat, so the check is on the
 * file actually read.
 */
export function readRegularTextFile(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'not a regular file' });
    return decodeUtf8(readFileSync(fd));
  } finally {
    closeSync(fd);
  }
}

export function decodeUtf8(bytes: Buffer, sliceBytes = SLICE_BYTES): string {
  if (bytes.length <= sliceBytes) return bytes.toString('utf8');
  const decoder = new StringDecoder('utf8');
  let text = '';
  for (let start = 0; start < bytes.length; start += sliceBytes) text += decoder.write(bytes.subarray(start, start + sliceBytes));
  return text + decoder.end();
}
