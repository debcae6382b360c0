// Loaded into a server under test by the HTTP bench's heap check (NODE_OPTIONS="--expose-gc --import=<this file>"):
// on SIGUSR2 it runs full GCs and writes one line to stderr, `bench-heap <seq> <live heap bytes> <active timers>`,
// so the bench reads the live heap of the server process itself, not of its own.
let seq = 0;
// Defined by --expose-gc, which the bench always passes with this file.
const gc = /** @type {() => void} */ (globalThis.gc);
process.on('SIGUSR2', () => {
  seq += 1;
  // Twice: objects freed by the first collection's finalizers are collected by the second.
  gc();
  gc();
  const timers = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  process.stderr.write(`bench-heap ${seq} ${process.memoryUsage().heapUsed} ${timers}\n`);
});
