import type { Express } from 'express';

/** What this module reads of Express 5's router internals (the `router` package's Layer and Route). */
interface RouteLike {
  path: string | string[];
  methods: Record<string, boolean | undefined>;
}
interface LayerLike {
  route?: RouteLike;
  handle?: { stack?: LayerLike[] };
  /** The path given to `use` (Express 5 keeps it as written; a regular expression or list is not expected). */
  rawPath?: unknown;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

function routeKeys(prefix: string, route: RouteLike): string[] {
  const paths = Array.isArray(route.path) ? route.path : [route.path];
  const methods = Object.keys(route.methods)
    .filter((method) => route.methods[method])
    .flatMap((method) => (method === '_all' ? [...HTTP_METHODS] : [method]));
  return paths.flatMap((path) => methods.map((method) => `${method.toUpperCase()} ${prefix}${path}`));
}

function mountPath(layer: LayerLike): string {
  if (typeof layer.rawPath !== 'string') {
    throw new Error(`listRoutes: a router mounted on a path that is not a string (${String(layer.rawPath)})`);
  }
  return layer.rawPath === '/' ? '' : layer.rawPath.replace(/\/$/, '');
}

function walk(stack: LayerLike[], prefix: string, found: Set<string>): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const key of routeKeys(prefix, layer.route)) found.add(key);
    } else if (layer.handle?.stack) {
      walk(layer.handle.stack, prefix + mountPath(layer), found);
    }
  }
}

/**
 * Every `METHOD /path` the app registers: its own routes and those of every router it mounts,
 * recursively (app.router.stack → the /api router's stack → each router mounted there). Sorted,
 * without duplicates: a path with a middleware-only route (a rate limiter) and its handler counts once.
 */
export function listRoutes(app: Express): string[] {
  const found = new Set<string>();
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '', found);
  return [...found].sort();
}

/** Splits a `METHOD /api/path` key. */
export function parseRouteKey(key: string): { method: string; path: string } {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
}
