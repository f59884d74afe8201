// Loaded into the probe servers only (servers.ts starts them with `--expose-gc --import` this
// file); the store's own code knows nothing of it. SIGUSR2 starts a watch of the memory the
// server holds (its JavaScript heap and its buffers, garbage collected before each reading);
// a second SIGUSR2 stops it. Each signal writes one reading to MEMORY_WATCH_FILE:
// { seq, live, peak }, where `peak` is the most held at any reading since the watch began.
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.MEMORY_WATCH_FILE;
const collect = (globalThis as { gc?: () => void }).gc;
const EVERY_MS = 10;

if (file && collect) {
  const held = () => {
    collect();
    const { heapUsed, external } = process.memoryUsage();
    // `external` counts the bytes of Buffers and ArrayBuffers: where a body held whole would sit.
    return heapUsed + external;
  };
  let seq = 0;
  let peak = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const write = (live: number) => {
    seq += 1;
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq, live, peak }));
    renameSync(`${file}.tmp`, file);
  };
  process.on('SIGUSR2', () => {
    const live = held();
    if (timer) {
      clearInterval(timer);
      timer = undefined;
      peak = Math.max(peak, live);
    } else {
      peak = live;
      timer = setInterval(() => {
        peak = Math.max(peak, held());
      }, EVERY_MS);
      timer.unref();
    }
    write(live);
  });
}
