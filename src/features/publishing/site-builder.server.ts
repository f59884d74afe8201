/**
 * The full build of a publish on Node and the channel to its render worker, which stays for
 * the incremental publishes of that build (docs/decisions/050-incremental-publish.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { RenderedFile, WorkerReply, WorkerRequest } from './render-worker.ts';

/** A render job's pages, with how long each of the worker's phases took (ms), for the log. */
export interface RenderedFiles {
  files: RenderedFile[];
  phases?: Record<string, number>;
}

/**
 * Renders pages of a published build again with the products an edit changed, with the
 * build's own Astro prerenderer (the render worker that ran the build).
 */
export interface SiteRenderer {
  render(request: Omit<WorkerRequest, 'type' | 'job'>): Promise<RenderedFiles>;
  /** Lets the worker go (a newer build replaced it). */
  close(): void;
  /** The worker's process, for its memory in benchmarks. */
  readonly pid?: number;
}

/**
 * Builds a site into a directory (`client/`, `redirects.json`); rejects with the reason on
 * failure. May resolve with a renderer for incremental publishes of that build.
 */
export type SiteBuilder = (outDir: string) => Promise<SiteRenderer | undefined>;

/**
 * The real build: the render worker (render-worker.server.ts) runs `astro build --outDir` on
 * this same Node and stays for incremental publishes of that build; the assets are then
 * precompressed. A failure rejects with the end of the build's output, which the admin shows.
 */
export function astroSiteBuilder(root: string): SiteBuilder {
  return async (outDir) => {
    const worker = join(root, 'src/features/publishing/render-worker.server.ts');
    const output: string[] = [];
    const child = spawn(process.execPath, [worker, outDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
      // A build for production whatever runs the server (a test runner sets NODE_ENV=test,
      // which Vite would build for).
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.splice(0, output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const tail = () => stripVTControlCharacters(output.join('')).trim().split('\n').slice(-15).join('\n');
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('error', reject);
        child.on('message', (message: WorkerReply) => {
          if (message.type === 'built') resolve();
          if (message.type === 'build-failed') reject(new Error(`astro build failed:\n${tail()}\n${message.error}`));
        });
        child.once('exit', (code) => reject(new Error(`astro build exited with ${code}:\n${tail()}`)));
      });
      const { precompress } = await import('../../server/build.ts');
      await precompress(join(outDir, 'client'));
    } catch (error) {
      child.kill();
      throw error;
    }
    // After the build its output is not needed: only its render jobs' failures are.
    output.length = 0;
    return workerRenderer(child);
  };
}

/** Talks to a built render worker: one job at a time, answered by its number. */
function workerRenderer(child: ChildProcess): SiteRenderer {
  let next = 0;
  const pending = new Map<number, { resolve: (rendered: RenderedFiles) => void; reject: (error: Error) => void }>();
  let gone: Error | null = null;
  child.on('message', (message: WorkerReply) => {
    if (message.type !== 'rendered' && message.type !== 'render-failed') return;
    const waiting = pending.get(message.job);
    pending.delete(message.job);
    if (message.type === 'rendered') waiting?.resolve({ files: message.files, phases: message.phases });
    else waiting?.reject(new Error(message.error));
  });
  child.once('exit', (code) => {
    gone = new Error(`The render worker stopped (${code})`);
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  });
  return {
    pid: child.pid,
    render(request) {
      if (gone) return Promise.reject(gone);
      const job = ++next;
      return new Promise((resolve, reject) => {
        pending.set(job, { resolve, reject });
        child.send({ type: 'render', job, ...request } satisfies WorkerRequest);
      });
    },
    close() {
      if (child.connected) child.disconnect();
      child.kill();
    },
  };
}
