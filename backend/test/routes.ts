import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Every route of the app as fastify routed it at start, as `METHOD /path` (HEAD left out). */
export function registeredRoutes(app: NestFastifyApplication): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line.trimEnd());
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of m[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
  }
  return routes;
}
