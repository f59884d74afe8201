import type { CatalogProduct } from '../catalog/catalog.ts';

/** Messages between the server and its render worker (render-worker.server.ts). */
export type WorkerRequest = {
  type: 'render';
  job: number;
  /**
   * The products changed since the worker's last render, as the new snapshot has them: the
   * worker patches its catalog with them (patchCatalog) before rendering.
   */
  products: CatalogProduct[];
  /** Public paths: `/products/x`, `/fr/browse/y`, `/sitemap.xml`. */
  paths: string[];
  /** What the rendered pages carry in `<meta name="build-id">`. */
  pageBuildId: string;
};

export interface RenderedFile {
  path: string;
  /** Relative to the client directory: `products/x/index.html`, `sitemap.xml`. */
  file: string;
  body: Uint8Array;
}

export type WorkerReply =
  | { type: 'built'; buildId: string }
  | { type: 'build-failed'; error: string }
  | { type: 'rendered'; job: number; files: RenderedFile[]; phases: Record<string, number> }
  | { type: 'render-failed'; job: number; error: string };

/** Where the build writes a path (`build.format: 'directory'`): pages as `…/index.html`, endpoints as named. */
export function outputFileFor(path: string, isPage: boolean): string {
  const relative = encodeURI(path).replace(/^\/+/, '').replace(/\/+$/, '');
  if (!isPage) return relative;
  return relative === '' ? 'index.html' : `${relative}/index.html`;
}
