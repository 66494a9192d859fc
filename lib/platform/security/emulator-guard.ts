/**
 * Run once when the Node server starts (instrumentation.ts): `next start` in
 * emulator mode on an address other computers can reach, without
 * ALLOW_REMOTE_EMULATOR=1, stops here with the reason, so even a bare
 * `next start` never serves unsigned-token sign-in to the network.
 */
import { servingCheckOf } from "./emulator-bind";

export function guardEmulatorServing(
  argv: readonly string[] = process.argv,
  env: Record<string, string | undefined> = process.env,
): void {
  const check = servingCheckOf(argv, env);
  if (!check) return;
  if (!check.ok) {
    console.error(`[promptframe] ${check.error}`);
    process.exit(1);
  }
  if (check.warning) console.warn(`[promptframe] ${check.warning}`);
}
