// Unit tests run against the Auth emulator's project unless a test says otherwise.
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= "127.0.0.1:9099";
process.env.FIREBASE_PROJECT_ID ??= "demo-promptframe";
process.env.COMPANY_EMAIL_DOMAINS ??= "promptframe.ai";
// Route tests make many storyboards, look-ups and sign-ups from one process: limits 1000x the production
// numbers (still finite). The rate-limit tests set their own tight limits.
process.env.RATE_LIMIT_FACTOR ??= "1000";

// getDb() serves the app's registry of collections, as instrumentation.ts registers it in the server;
// loaded on first use so tests that never open the store do not load every domain's collections.
import { registerCollections } from "@/lib/platform/db/registry";
registerCollections(
  () => (require("@/lib/registry/collections") as typeof import("@/lib/registry/collections")).allCollections,
);

// The Auth emulator (a Node server) closes idle keep-alive sockets; a request sent on one as it
// closes fails with "other side closed" before the emulator saw it. Such requests, to the emulator
// only, are sent again (at most twice): a clean-run Jest suite lost a whole file's setup to one.
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const baseFetch = globalThis.fetch;
globalThis.fetch = async function fetchWithEmulatorRetry(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  for (let attempt = 0; ; attempt++) {
    try {
      return await baseFetch(input, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const closed =
        cause?.code === "UND_ERR_SOCKET" ||
        cause?.code === "ECONNRESET" ||
        /other side closed/i.test(cause?.message ?? "");
      const replayable = typeof input === "string" || input instanceof URL; // a Request's body stream cannot be sent twice
      if (attempt >= 2 || !closed || !replayable || !emulatorHost || !url.includes(emulatorHost)) throw error;
    }
  }
};
