/**
 * Emulator mode is local. With the Auth emulator (the embedded default) the
 * app trusts UNSIGNED tokens: anyone who can reach the server can make a
 * cookie for any account, staff included. So it serves on this computer only
 * (localhost) unless both an explicit host (HOST) and an explicit opt-in
 * (ALLOW_REMOTE_EMULATOR=1) ask for more, and then it says loudly what that
 * means. `npm start` and the test server choose their `next start -H` here
 * (scripts/bind-host.ts); the running app checks its own `-H` at start-up
 * (instrumentation.ts), which also covers a bare `next start`.
 */

/**
 * The loopback name rather than 127.0.0.1: Next builds its own origin from -H,
 * while middleware URLs call every loopback address "localhost"; with
 * `-H 127.0.0.1` each middleware rewrite (the hidden preview path, the
 * not-found page) looks external to Next and is proxied back to itself.
 */
export const DEFAULT_EMULATOR_HOST = "localhost";

/** 127.0.0.0/8, ::1 and localhost: addresses no other computer can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h === "::1" || h === "0:0:0:0:0:0:0:1") return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return !!m && m.slice(1).every((n) => Number(n) <= 255);
}

export type ServingCheck = { ok: true; warning: string | null } | { ok: false; error: string };

const OPT_IN = "ALLOW_REMOTE_EMULATOR";

/** boundHost null = every interface (Next's default without -H). */
export function checkServingHost(input: {
  emulator: boolean;
  boundHost: string | null;
  allowRemote: string | undefined;
}): ServingCheck {
  if (!input.emulator || (input.boundHost !== null && isLoopbackHost(input.boundHost)))
    return { ok: true, warning: null };
  const where = input.boundHost ?? "every network interface";
  if (input.allowRemote === "1") {
    return {
      ok: true,
      warning:
        `WARNING: emulator mode is served on ${where} (${OPT_IN}=1). The app trusts unsigned Auth-emulator tokens: ` +
        `anyone who can reach this address can sign in as anyone, staff included. Use it only on a network you trust, never for real data.`,
    };
  }
  return {
    ok: false,
    error:
      `Refusing to serve emulator mode on ${where}: the app trusts unsigned Auth-emulator tokens, so anyone who could reach it ` +
      `could sign in as anyone. It serves on ${DEFAULT_EMULATOR_HOST} (this computer) by default. To serve it elsewhere anyway, ` +
      `set both HOST=<address> and ${OPT_IN}=1; or configure a real Firebase project (FIREBASE_PROJECT_ID).`,
  };
}

export type BindChoice =
  | { ok: true; host: string | null; message: string; warning: string | null }
  | { ok: false; error: string };

/** The `-H` for next start: host null = leave Next's default (every interface). */
export function chooseBindHost(input: {
  emulator: boolean;
  host: string | undefined;
  allowRemote: string | undefined;
}): BindChoice {
  const asked = input.host?.trim() || null;
  const host = asked ?? (input.emulator ? DEFAULT_EMULATOR_HOST : null);
  const check = checkServingHost({ emulator: input.emulator, boundHost: host, allowRemote: input.allowRemote });
  if (!check.ok) return check;
  const message =
    host === null
      ? "listening on every network interface"
      : input.emulator && isLoopbackHost(host)
        ? `emulator mode: serving only on this computer (${host}); set HOST and ${OPT_IN}=1 to serve it elsewhere`
        : `listening on ${host}`;
  return { ok: true, host, message, warning: check.warning };
}

/** The -H / --hostname next start was given, or null (every interface). */
export function bindHostFromArgv(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if ((a === "-H" || a === "--hostname") && i + 1 < argv.length) return argv[i + 1]!;
    if (a.startsWith("--hostname=")) return a.slice("--hostname=".length);
    if (a.startsWith("-H") && a.length > 2) return a.slice(2);
  }
  return null;
}

/** The check for this server process: null unless it is `next start` (dev and build workers bind elsewhere or not at all). */
export function servingCheckOf(argv: readonly string[], env: Record<string, string | undefined>): ServingCheck | null {
  const bin = argv.findIndex((a) => /(^|[/\\])next(\.js)?$/.test(a));
  if (bin < 0 || argv[bin + 1] !== "start") return null;
  return checkServingHost({
    emulator: !!env.FIREBASE_AUTH_EMULATOR_HOST,
    boundHost: bindHostFromArgv(argv.slice(bin + 2)),
    allowRemote: env.ALLOW_REMOTE_EMULATOR,
  });
}
