/**
 * Loaded into the server by the benchmarks' --profile option (node --import): SIGUSR2 starts
 * a V8 CPU profile, SIGTERM writes it to CPU_PROFILE_DIR and exits, so that the profile holds
 * the measured load only, not start-up and seeding. Read the file with Chrome DevTools or
 * `node bench/cpu-profile-summary.ts FILE`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR ?? '.';
mkdirSync(dir, { recursive: true });
const session = new Session();
session.connect();
let profiling = false;
let part = 0;

process.on('SIGUSR2', async () => {
  if (profiling) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `server-${process.pid}-${part++}.cpuprofile`), JSON.stringify(profile));
  }
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  profiling = true;
});

process.on('SIGTERM', async () => {
  if (profiling) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `server-${process.pid}-${part}.cpuprofile`), JSON.stringify(profile));
  }
  process.exit(0);
});
