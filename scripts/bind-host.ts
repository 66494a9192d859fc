/**
 * `next start`'s host for `npm start` and the test server (lib/platform/security/emulator-bind.ts):
 *
 *   tsx scripts/bind-host.ts emulator|project
 *
 * reads HOST and ALLOW_REMOTE_EMULATOR and prints two lines: the host for -H
 * (empty: Next's default, every interface) and a note for the log. A warning
 * goes to stderr; a refused combination exits 1 with the reason on stderr.
 */
import { chooseBindHost } from "@/lib/platform/security/emulator-bind";

const mode = process.argv[2];
if (mode !== "emulator" && mode !== "project") {
  console.error("usage: tsx scripts/bind-host.ts emulator|project");
  process.exit(2);
}
const choice = chooseBindHost({
  emulator: mode === "emulator",
  host: process.env.HOST,
  allowRemote: process.env.ALLOW_REMOTE_EMULATOR,
});
if (!choice.ok) {
  console.error(`\x1b[1;31m[promptframe]\x1b[0m ${choice.error}`);
  process.exit(1);
}
if (choice.warning) console.error(`\x1b[1;33m[promptframe] ${choice.warning}\x1b[0m`);
process.stdout.write(`${choice.host ?? ""}\n${choice.message}\n`);
