/**
 * Builds the app the Playwright suites serve (a production build in `.next-test`, with the test stack's
 * environment: the emulator, the preview path, the small render size). `npm test` runs it in the background
 * beside Jest and then starts Playwright with SKIP_BUILD=1; `scripts/serve-test-app.sh` builds the same way
 * when Playwright runs alone.
 */
import { spawn } from "node:child_process";
import { testAppEnv } from "../tests/support/test-env";

const child = spawn("npx", ["next", "build", "--webpack"], {
  stdio: "inherit",
  env: { ...process.env, ...testAppEnv },
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
