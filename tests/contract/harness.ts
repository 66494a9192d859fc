/**
 * Registers one contract case per target. A case tagged with a gap its
 * target has is skipped with the reason in its title; run/skipped counts per
 * target are printed when the suite ends.
 */
import type { Db } from "@/lib/platform/db/db";
import type { Gap, Target } from "./targets";

export interface CaseContext {
  target: Target;
  db: () => Db;
}

const counts = new Map<string, { run: number; skipped: number; reasons: string[] }>();

export function countsFor(target: string) {
  let c = counts.get(target);
  if (!c) counts.set(target, (c = { run: 0, skipped: 0, reasons: [] }));
  return c;
}

export function printCounts(): void {
  const lines = [...counts.entries()].map(
    ([t, c]) =>
      `  ${t}: ${c.run} run, ${c.skipped} skipped${c.reasons.length ? `\n    - ${c.reasons.join("\n    - ")}` : ""}`,
  );
  console.log(`contract cases per driver:\n${lines.join("\n")}`);
}

export function contractCase(
  ctx: CaseContext,
  name: string,
  fn: (db: Db) => Promise<void>,
  opts: { gap?: Gap; timeout?: number } = {},
): void {
  const reason = opts.gap ? ctx.target.gaps[opts.gap] : undefined;
  const c = countsFor(ctx.target.name);
  if (reason) {
    c.skipped++;
    c.reasons.push(`${name}: ${reason}`);
    test.skip(`${name} [skipped on ${ctx.target.name}: ${reason}]`, () => {});
    return;
  }
  c.run++;
  test(name, () => fn(ctx.db()), opts.timeout);
}
