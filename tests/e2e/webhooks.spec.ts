/**
 * Webhooks in Chromium: add an endpoint pointing at a receiver this test runs
 * on 127.0.0.1 (listed in URL_FETCH_ALLOW_HOSTS by the test stack), see its
 * signing secret once, send a test event, see the delivery in the log with
 * 200, and check the receiver got a body signed with that secret (the
 * receiver's own HMAC check, as a customer's server would do it). Then
 * disable and delete it.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect } from "./fixtures";

const local = !process.env.BASE_URL;
test.skip(!local, "runs its receiver on this machine");

const received: { path: string; body: string; signature: string }[] = [];
let server: http.Server;
let base = "";

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        body: Buffer.concat(chunks).toString(),
        signature: String(req.headers["promptframe-signature"] ?? ""),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, checked the way a receiver would. */
function signedWith(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  if (!parts.t || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

test("add an endpoint, see its secret once, send a test event: delivered with 200 and correctly signed", async ({
  page,
  context,
  signedInAs,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs("user", "/developers/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Webhooks" })).toHaveAttribute("aria-current", "page");

  const hookPath = `/hooks/${randomUUID()}`;
  const url = `${base}${hookPath}`;
  // A private address is refused with a sentence, not saved.
  await page.getByLabel("Endpoint URL").fill("https://10.0.0.7/hooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(/webhooks are only sent to public addresses/)).toBeVisible();

  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByLabel("Description (optional)").fill("End-to-end receiver");
  await expect(page.getByRole("checkbox", { name: /A video finished rendering/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /A batch finished/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();

  await expect(page.getByText("Endpoint added: copy its signing secret")).toBeVisible();
  const secret = await page.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
  await page.getByRole("button", { name: "Copy secret" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByLabel("Signing secret")).toHaveCount(0);
  // Shown once: the page no longer has it after a reload, only its first characters.
  await page.reload();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: url }) });
  await expect(card.getByText(secret.slice(0, 10))).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(card.getByText("Enabled")).toBeVisible();
  await expect(card.getByText("batch.finished")).toBeVisible();

  await card.getByRole("button", { name: "Send test event" }).click();
  const row = card.getByTestId("webhook-delivery").first();
  await expect(row.getByText("Delivered")).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText("Response: 200")).toBeVisible();
  await expect(row.getByText("webhook.test", { exact: true })).toBeVisible();

  const got = received.filter((r) => r.path === hookPath);
  expect(got).toHaveLength(1);
  expect(signedWith(secret, got[0]!.body, got[0]!.signature)).toBe(true);
  expect(signedWith(`${secret}x`, got[0]!.body, got[0]!.signature)).toBe(false);
  expect(JSON.parse(got[0]!.body)).toMatchObject({ type: "webhook.test", data: { object: "test" } });

  // Disable, then delete: the endpoint is gone from the list.
  await card.getByRole("button", { name: "Disable" }).click();
  await expect(card.getByText("Disabled", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Delete" }).click();
  await card.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByRole("heading", { name: url })).toHaveCount(0);
});
