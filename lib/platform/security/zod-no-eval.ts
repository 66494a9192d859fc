/**
 * The Content-Security-Policy has no 'unsafe-eval'. zod 4 probes whether it
 * may compile parsers with `new Function` the first time an object schema is
 * built; the browser reports that caught attempt as a CSP violation on every
 * page that builds one. `jitless` skips the probe (zod reads its global
 * config from globalThis.__zod_globalConfig, shared by every copy it loads),
 * so this runs first in the browser (instrumentation-client.ts) without
 * bundling zod into every page.
 */
export function disableZodEval(): void {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (g.__zod_globalConfig ??= {}).jitless = true;
}
