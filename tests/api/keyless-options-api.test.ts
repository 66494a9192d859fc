/**
 * Issue 21 items 3 and 5: what the video and image pickers offer on a server with no provider keys. Customers see
 * only what works here (no "(Set OPENAI_API_KEY to enable.)"), staff also see the rest with why it is off; the
 * lengths the plan does not render say which plan does before they are picked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";
import { newStaff } from "./ops.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-keyless-options-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
const PROVIDER_KEYS = [
  "OPENAI_API_KEY",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "ANTHROPIC_API_KEY",
  "FAL_API_KEY",
  "REPLICATE_API_TOKEN",
  "ELEVENLABS_API_KEY",
];
for (const key of PROVIDER_KEYS) delete process.env[key];

/** An environment variable's name (OPENAI_API_KEY, REPLICATE_API_TOKEN…) or the "Set … to enable" hint. */
const ENV_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bSet\b.*\benable\b/;

let videoOptions: typeof import("@/app/api/v1/videos/options/route");
let imageModels: typeof import("@/app/api/v1/images/models/route");
let customer: TestUser;
let staff: TestUser;

beforeAll(async () => {
  videoOptions = await import("@/app/api/v1/videos/options/route");
  imageModels = await import("@/app/api/v1/images/models/route");
  [customer, staff] = await Promise.all([newUser("keyless"), newStaff("keyless-staff")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const options = async (token: string) =>
  (await json(await videoOptions.GET(req("/api/v1/videos/options", { token }), noParams))).body.data;
const images = async (token: string) =>
  (await json(await imageModels.GET(req("/api/v1/images/models", { token }), noParams))).body.data;

it("a customer is offered only the voices and models that work, and no environment variable's name", async () => {
  const o = await options(customer.token);
  expect(o.models.length).toBeGreaterThan(0);
  expect(o.models.every((m: { available: boolean }) => m.available)).toBe(true);
  expect(o.models.map((m: { id: string }) => m.id)).toContain("local/preview");
  expect(o.voices.length).toBeGreaterThan(0);
  const i = await images(customer.token);
  expect(i.models.every((m: { enabled: boolean }) => m.enabled)).toBe(true);
  expect(JSON.stringify({ o: { models: o.models, voices: o.voices }, i })).not.toMatch(ENV_NAME);
});

it("staff also see what is off, and why", async () => {
  const o = await options(staff.token);
  const off = o.models.filter((m: { available: boolean }) => !m.available);
  expect(off.length).toBeGreaterThan(0);
  expect(off.every((m: { reason: string | null }) => ENV_NAME.test(m.reason ?? ""))).toBe(true);
  expect(o.models.length).toBeGreaterThan((await options(customer.token)).models.length);
  const i = await images(staff.token);
  expect(
    i.models.some((m: { enabled: boolean; note: string | null }) => !m.enabled && ENV_NAME.test(m.note ?? "")),
  ).toBe(true);
});

it("on the Free plan, 45 s and 60 s are marked as needing Pro before they are picked", async () => {
  const o = await options(customer.token);
  expect(o.length_plans).toEqual([
    { length_s: 45, plan: "Pro", max_seconds: 30 },
    { length_s: 60, plan: "Pro", max_seconds: 30 },
  ]);
});
