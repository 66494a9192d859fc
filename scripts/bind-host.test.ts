/**
 * The shell step `npm start` and the test server run before `next start`
 * (choose_bind_host in scripts/lib.sh), run as they run it: bash sourcing
 * lib.sh, with only the environment changed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

function chooseBindHost(mode: "emulator" | "project", env: Record<string, string> = {}) {
  const base = { ...process.env };
  delete base.HOST;
  delete base.ALLOW_REMOTE_EMULATOR;
  const run = spawnSync(
    "bash",
    [
      "-c",
      `source scripts/lib.sh && choose_bind_host ${mode} && printf 'ARGS=[%s]\\n' "\${BIND_ARGS[*]-}" && printf 'NOTE=%s\\n' "$BIND_NOTE"`,
    ],
    { cwd: ROOT, env: { ...base, ...env }, encoding: "utf8", timeout: 30_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

jest.setTimeout(60_000);

it("serves emulator mode on localhost (loopback) by default and says so", () => {
  const r = chooseBindHost("emulator");
  expect(r.status).toBe(0);
  expect(r.stdout).toContain("ARGS=[-H localhost]");
  expect(r.stdout).toMatch(/NOTE=emulator mode: serving only on this computer \(localhost\)/);
});

it("refuses emulator mode on another address without ALLOW_REMOTE_EMULATOR=1, and warns with it", () => {
  const refused = chooseBindHost("emulator", { HOST: "0.0.0.0" });
  expect(refused.status).not.toBe(0);
  expect(refused.stdout).not.toContain("ARGS=");
  expect(refused.stderr).toMatch(/Refusing to serve emulator mode on 0\.0\.0\.0.*ALLOW_REMOTE_EMULATOR=1/s);

  const allowed = chooseBindHost("emulator", { HOST: "0.0.0.0", ALLOW_REMOTE_EMULATOR: "1" });
  expect(allowed.status).toBe(0);
  expect(allowed.stdout).toContain("ARGS=[-H 0.0.0.0]");
  expect(allowed.stderr).toMatch(/anyone who can reach this address can sign in as anyone/);
});

it("leaves a real project on every interface unless HOST says otherwise", () => {
  const r = chooseBindHost("project");
  expect(r.status).toBe(0);
  expect(r.stdout).toContain("ARGS=[]");
});
