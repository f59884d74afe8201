// Accounts benchmarks: password hashing (time and memory per hash at the chosen
// parameters), sign-in throughput, and the time to validate a session on each request.
// Prints figures; asserts nothing. Run: node bench/accounts.bench.ts (or npm run bench).
import { availableParallelism, loadavg } from 'node:os';
import { signIn } from '../src/features/accounts/accounts.server.ts';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../src/features/accounts/password.server.ts';
import { createSession, validateSessionToken } from '../src/features/accounts/session.server.ts';
import { createUser, PASSWORD, seedAccountReference } from '../tests/factories/accounts.ts';
import { createTestDatabase, ENGINES } from '../tests/support/databases.ts';

const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
/** Sign-in writes no e-mail: nothing to kick. */
const noMail = { kick() {} };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(3)} ms`;

console.log(`# Accounts benchmarks (Node ${process.version}, ${availableParallelism()} CPUs, libuv pool ${threads})\n`);

// 1. One hash: time and memory. scrypt needs 128 × N × r bytes: 128 MiB at N=2^17, r=8.
{
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  const stored = await hashPassword(PASSWORD, PASSWORD_COST);
  const hashMs = performance.now() - started;
  const peakMiB = (process.resourceUsage().maxRSS - before) / 1024;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await verifyPassword(stored, PASSWORD);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log('## Password hash (scrypt N=2^17, r=8, p=1)');
  console.log(
    `- memory per hash: 128 MiB by construction (128·N·r); process peak grew by ${peakMiB.toFixed(0)} MiB for the first hash`,
  );
  console.log(`- first hash: ${ms(hashMs)}; verify median of 5: ${ms(percentile(times, 50))}`);
  console.log(`- at most ${threads} hashes at once (libuv pool): ${threads * 128} MiB peak for hashing`);
  for (const concurrency of [1, 2, threads]) {
    const count = concurrency * 3;
    const t = performance.now();
    await Promise.all(Array.from({ length: count }, () => verifyPassword(stored, PASSWORD)));
    console.log(
      `- raw verifications, ${concurrency} at a time: ${(count / ((performance.now() - t) / 1000)).toFixed(1)} per second`,
    );
  }
  console.log(
    `- load average while measuring: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')}\n`,
  );
}

for (const engine of ENGINES) {
  const test = await createTestDatabase(engine);
  try {
    const db = test.handle.db;
    await seedAccountReference(db);
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(db)));

    // 2. Sign-in throughput: the real sign-in (rate-limit check, lookup, scrypt, new session).
    for (const concurrency of [1, threads, threads * 2]) {
      const total = Math.max(8, concurrency * 4);
      let next = 0;
      let address = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            const user = users[next++ % users.length];
            if (!user) break;
            const result = await signIn(
              { db, mailOutbox: noMail },
              { email: user.email, password: PASSWORD },
              `198.51.100.${++address % 250}`,
            );
            if (result.kind !== 'signed_in') throw new Error(`sign-in failed: ${result.kind}`);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      if (concurrency === 1) console.log(`## Sign-in on ${engine}`);
      console.log(`- ${total} sign-ins, ${concurrency} at a time: ${(total / seconds).toFixed(1)} per second`);
    }

    // 3. Session validation: what every on-demand request with a cookie or Bearer token pays.
    const sessions = await Promise.all(users.map((user) => createSession(db, user.id)));
    for (let i = 0; i < 200; i++) await validateSessionToken(db, sessions[i % sessions.length]?.accessToken);
    const samples: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const token = sessions[i % sessions.length]?.accessToken;
      const t = performance.now();
      const valid = await validateSessionToken(db, token);
      samples.push(performance.now() - t);
      if (!valid) throw new Error('session did not validate');
    }
    samples.sort((a, b) => a - b);
    const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
    console.log(`## Session validation on ${engine} (3000 requests, one query + SHA-256 + constant-time compare)`);
    console.log(
      `- mean ${ms(mean)}, p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, p99 ${ms(percentile(samples, 99))}\n`,
    );
  } finally {
    await test.drop();
  }
}
