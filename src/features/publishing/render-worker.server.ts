/**
 * The render worker: a child process of the Node server that runs the full `astro build`
 * of a publish and then stays, holding Astro's own prerenderer (keepPrerenderer()), to
 * render the few pages a later edit touches with the products it changed patched in
 * (docs/decisions/050-incremental-publish.md). Started by `renderWorkerBuilder` with an IPC
 * channel: `node render-worker.server.ts <outDir>`.
 */
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteData } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { patchCatalog } from '../catalog/catalog-index.ts';
import { setServingBuildId } from '../shell/build-id.ts';
import { LATEST_BUILD_PATH, parseLatestBuild } from '../shell/build-manifest.ts';
import { type PhaseClock, phaseClock } from './phase-clock.ts';
import { KEPT_PRERENDER_DIR, keptPrerenderEntry, RENDER_WORKER_ENV } from './render-worker.integration.ts';
import { outputFileFor, type RenderedFile, type WorkerReply, type WorkerRequest } from './render-worker.ts';

/** The part of Astro's build app (astro/entrypoints/prerender) the worker uses. */
interface BuildApp {
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  getOptions(): { origin?: string };
}
type StaticPathsApp = ConstructorParameters<typeof StaticPaths>[0];
interface Prerenderer {
  app: BuildApp;
  staticPaths: StaticPaths;
  routes(): Promise<Map<string, RouteData>>;
}

const send = (message: WorkerReply) => process.send?.(message);
const explain = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

async function main(outDir: string): Promise<void> {
  // The server went away (or let this build go), during the build or after: nothing left to do.
  process.once('disconnect', () => process.exit(0));
  process.env[RENDER_WORKER_ENV] = '1';
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  try {
    await build({ outDir });
  } catch (error) {
    send({ type: 'build-failed', error: explain(error) });
    process.exitCode = 1;
    process.disconnect?.();
    return;
  }
  const entry = keptPrerenderEntry();
  const latest = parseLatestBuild(JSON.parse(await readFile(join(outDir, 'client', LATEST_BUILD_PATH), 'utf8')));
  if (!entry || !latest) {
    send({ type: 'build-failed', error: 'The build left no prerender entry or no build manifest' });
    process.disconnect?.();
    return;
  }
  // Astro deleted its prerender bundle after generating; the module graph stays loaded in
  // this process, and the kept copy goes back where it was for anything loaded lazily later.
  const bundle = join(outDir, 'server', '.prerender');
  await rm(bundle, { recursive: true, force: true });
  await rename(join(outDir, 'server', KEPT_PRERENDER_DIR), bundle);
  // The same module instance Astro rendered the build with: its app has the build's settings.
  const { app } = (await import(entry)) as { app: BuildApp };
  const staticPaths = new StaticPaths(app as unknown as StaticPathsApp);
  let routes: Promise<Map<string, RouteData>> | undefined;
  const prerenderer: Prerenderer = {
    app,
    staticPaths,
    // Listed once: Astro's route cache keeps each route's static paths for the renders.
    routes: () => {
      routes ??= listRoutes(staticPaths);
      routes.catch(() => {
        routes = undefined;
      });
      return routes;
    },
  };
  const origin = app.getOptions().origin ?? 'http://localhost';
  // One render at a time: each sets the catalog for the whole process. The first waits for
  // the warm-up, which the build's own pages did not give this module graph.
  let queue: Promise<void> = warmUp(prerenderer, origin);
  process.on('message', (message: WorkerRequest) => {
    if (message?.type !== 'render') return;
    queue = queue.then(async () => {
      try {
        const phases = phaseClock();
        const files = await render(prerenderer, origin, message, phases);
        send({ type: 'rendered', job: message.job, files, phases: phases.all() });
      } catch (error) {
        send({ type: 'render-failed', job: message.job, error: explain(error) });
      }
    });
  });
  send({ type: 'built', buildId: latest.id });
}

/**
 * Lists every prerendered path and renders one product page into nothing, right after the
 * build: the first edit's publish otherwise paid for loading the page modules and running
 * every route's getStaticPaths for the first time in this process (the slow first edit of
 * decision 050's figures). A failure here is only logged: the edit's render says what is wrong.
 */
async function warmUp(prerenderer: Prerenderer, origin: string): Promise<void> {
  try {
    const routes = await prerenderer.routes();
    const product = [...routes].find(([pathname]) => pathname.startsWith('/products/'));
    if (!product) return;
    const url = new URL(`${product[0]}/`, origin);
    await (await prerenderer.app.render(new Request(url), { routeData: product[1] })).arrayBuffer();
  } catch (error) {
    console.error(`The render worker could not warm up: ${explain(error)}`);
  }
}

/** Every prerendered page's route by its path (no trailing slash, `/` for the home page). */
async function listRoutes(staticPaths: StaticPaths): Promise<Map<string, RouteData>> {
  const routes = new Map<string, RouteData>();
  for (const { pathname, route } of await staticPaths.getAll()) {
    const key = pathname.replace(/\/+$/, '') || '/';
    if (!routes.has(key)) routes.set(key, route);
  }
  return routes;
}

async function render(
  prerenderer: Prerenderer,
  origin: string,
  request: Extract<WorkerRequest, { type: 'render' }>,
  phases: PhaseClock,
): Promise<RenderedFile[]> {
  await patchCatalog(request.products);
  phases.lap('worker.patch catalog');
  setServingBuildId(request.pageBuildId);
  // The static paths of the build stay (an incremental publish moves no page): the pages
  // read their product and category from the patched catalog by id (routes.build.ts).
  const routes = await prerenderer.routes();
  phases.lap('worker.routes');
  const files: RenderedFile[] = [];
  for (const path of request.paths) {
    const route = routes.get(path);
    if (!route) throw new Error(`No prerendered page answers ${path} any more`);
    const isPage = route.type === 'page';
    const url = new URL(isPage && path !== '/' ? `${path}/` : path, origin);
    const response = await prerenderer.app.render(new Request(url), { routeData: route });
    if (response.status !== 200 || !response.body) throw new Error(`${path} rendered with status ${response.status}`);
    files.push({ path, file: outputFileFor(path, isPage), body: new Uint8Array(await response.arrayBuffer()) });
    phases.lap(`worker.render ${routeKind(path)}`);
  }
  return files;
}

/** A page's kind for the phase timings: `product`, `browse`, `home`, `sitemap.xml`… */
const routeKind = (path: string) => path.replace(/^\/fr(?=\/|$)/, '').split('/')[1] || 'home';

const outDir = process.argv[2];
if (!outDir || !process.send) {
  console.error('Usage: node render-worker.server.ts <outDir> (started by the server, with an IPC channel)');
  process.exit(2);
}
await main(outDir);
