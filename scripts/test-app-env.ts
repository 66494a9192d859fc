/**
 * Prints the Playwright test app's environment as shell `export` lines, so
 * `scripts/test.sh` can build the test app (with the same NEXT_PUBLIC_* values
 * baked in) while the type-check and Jest run.
 */
import { testAppEnv } from "../tests/support/test-env";

for (const [key, value] of Object.entries(testAppEnv)) {
  process.stdout.write(`export ${key}='${value.replaceAll("'", "'\\''")}'\n`);
}
