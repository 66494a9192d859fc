import { bindHostFromArgv, checkServingHost, chooseBindHost, isLoopbackHost, servingCheckOf } from "./emulator-bind";

describe("isLoopbackHost", () => {
  it("knows this computer's own addresses", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1"])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of [
      "0.0.0.0",
      "::",
      "[::]",
      "192.168.1.4",
      "10.0.0.1",
      "example.com",
      "localhost.evil.example",
      "128.0.0.1",
      "",
    ])
      expect(isLoopbackHost(h)).toBe(false);
  });
});

describe("chooseBindHost (npm start, the test server)", () => {
  it("serves emulator mode on localhost when nothing is asked, and says so", () => {
    const d = chooseBindHost({ emulator: true, host: undefined, allowRemote: undefined });
    expect(d).toMatchObject({ ok: true, host: "localhost", warning: null });
    if (d.ok) expect(d.message).toMatch(/only on this computer \(localhost\)/);
  });

  it("keeps a loopback host that was asked for", () => {
    expect(chooseBindHost({ emulator: true, host: "127.0.0.1", allowRemote: undefined })).toMatchObject({
      ok: true,
      host: "127.0.0.1",
      warning: null,
    });
  });

  it("refuses another address in emulator mode without the opt-in, naming both variables", () => {
    for (const host of ["0.0.0.0", "192.168.1.4", "::"]) {
      const d = chooseBindHost({ emulator: true, host, allowRemote: undefined });
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.error).toMatch(/ALLOW_REMOTE_EMULATOR=1/);
    }
    // Only "1" opts in.
    expect(chooseBindHost({ emulator: true, host: "0.0.0.0", allowRemote: "yes" }).ok).toBe(false);
  });

  it("needs both the host and the opt-in: the opt-in alone still serves locally", () => {
    expect(chooseBindHost({ emulator: true, host: undefined, allowRemote: "1" })).toMatchObject({
      ok: true,
      host: "localhost",
      warning: null,
    });
    const d = chooseBindHost({ emulator: true, host: "0.0.0.0", allowRemote: "1" });
    expect(d).toMatchObject({ ok: true, host: "0.0.0.0" });
    if (d.ok) expect(d.warning).toMatch(/anyone who can reach .* can sign in as anyone/i);
  });

  it("leaves a real Firebase project on Next's default (every interface) unless a host is given", () => {
    expect(chooseBindHost({ emulator: false, host: undefined, allowRemote: undefined })).toMatchObject({
      ok: true,
      host: null,
      warning: null,
    });
    expect(chooseBindHost({ emulator: false, host: "0.0.0.0", allowRemote: undefined })).toMatchObject({
      ok: true,
      host: "0.0.0.0",
      warning: null,
    });
  });
});

describe("checkServingHost (the running app)", () => {
  it("refuses emulator mode bound to every interface (next start without -H)", () => {
    expect(checkServingHost({ emulator: true, boundHost: null, allowRemote: undefined }).ok).toBe(false);
    expect(checkServingHost({ emulator: true, boundHost: "127.0.0.1", allowRemote: undefined }).ok).toBe(true);
    expect(checkServingHost({ emulator: false, boundHost: null, allowRemote: undefined }).ok).toBe(true);
  });
});

describe("bindHostFromArgv", () => {
  it("reads next start's -H / --hostname in each spelling", () => {
    const bin = ["/usr/bin/node", "/app/node_modules/next/dist/bin/next", "start"];
    expect(bindHostFromArgv([...bin, "-p", "3000"])).toBeNull();
    expect(bindHostFromArgv([...bin, "-H", "127.0.0.1", "-p", "3000"])).toBe("127.0.0.1");
    expect(bindHostFromArgv([...bin, "--hostname", "localhost"])).toBe("localhost");
    expect(bindHostFromArgv([...bin, "--hostname=0.0.0.0"])).toBe("0.0.0.0");
    expect(bindHostFromArgv([...bin, "-H0.0.0.0"])).toBe("0.0.0.0");
  });
});

describe("servingCheckOf (instrumentation.ts, at server start)", () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
  const start = ["/usr/bin/node", "/app/node_modules/next/dist/bin/next", "start"];

  it("refuses `next start` in emulator mode without -H, and passes it with a loopback -H", () => {
    expect(servingCheckOf([...start, "-p", "3000"], emulator)).toMatchObject({ ok: false });
    expect(servingCheckOf([...start, "-p", "3000", "-H", "127.0.0.1"], emulator)).toEqual({ ok: true, warning: null });
    expect(servingCheckOf([...start, "-H", "0.0.0.0"], { ...emulator, ALLOW_REMOTE_EMULATOR: "1" })).toMatchObject({
      ok: true,
      warning: expect.stringMatching(/sign in as anyone/),
    });
    expect(servingCheckOf(["node", "/app/node_modules/.bin/next", "start"], {})).toEqual({ ok: true, warning: null });
  });

  it("says nothing about processes that are not `next start` (dev server, build workers, scripts)", () => {
    expect(servingCheckOf(["node", "/app/node_modules/next/dist/server/lib/start-server.js"], emulator)).toBeNull();
    expect(servingCheckOf(["node", "/app/node_modules/next/dist/bin/next", "build"], emulator)).toBeNull();
    expect(
      servingCheckOf(["node", "/app/node_modules/next/dist/compiled/jest-worker/processChild.js"], emulator),
    ).toBeNull();
  });
});
