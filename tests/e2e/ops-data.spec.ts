/**
 * The data dashboard as staff: an edit that breaks the collection's schema
 * is refused with the field's message and writes nothing; a valid edit is
 * reviewed as a diff, saved, and shows up in the update log as theirs.
 */
import { randomUUID } from "node:crypto";
import { accountFor } from "../support/accounts";
import { expect, test } from "./fixtures";

test("staff edit a document: a schema error first, then a valid change that the update log shows", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("staff", "/firestore-dashboard");
  const id = `e2e-${randomUUID().slice(0, 8)}`;
  const at = new Date().toISOString();
  const created = await page.request.post("/api/v1/ops/data/vibes", {
    data: {
      id,
      data: {
        owner_id: null,
        name: "E2E vibe",
        prompt_additions: "soft light",
        visibility: "private",
        created_at: at,
        updated_at: at,
      },
    },
  });
  expect(created.status()).toBe(201);

  await page.goto(`/firestore-dashboard/vibes/${id}`);
  const name = page.locator("#field-name");
  await expect(name).toHaveValue("E2E vibe");
  await name.fill("");
  await page.getByRole("button", { name: "Review changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "does not match the vibes schema" })).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");

  await name.fill("E2E renamed");
  await page.getByRole("button", { name: "Review changes" }).click();
  const changes = page.getByRole("region", { name: "Changes to save" });
  await expect(changes).toContainText('name: "E2E vibe" → "E2E renamed"');
  await changes.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved 1 field" })).toBeVisible();

  await page.getByRole("link", { name: "See it in the update log" }).click();
  await expect(page).toHaveURL(/\/content-update-logs\?/);
  const entry = page.getByRole("list", { name: "Update log entries" }).getByRole("listitem").first();
  await expect(entry).toContainText(accountFor("staff").email);
  await expect(entry).toContainText("update");
  await entry.locator("summary").click();
  await expect(entry).toContainText('"E2E renamed"');
  await expect(entry).toContainText(`/firestore-dashboard/vibes/${id}`);
});

test("money stays out of the dashboard's reach: the ledger is read-only and a profile's credits are locked, each saying where to go instead", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("staff", "/firestore-dashboard?c=credit_ledger");
  const table = page.getByRole("region", { name: "Collection credit_ledger" });
  await expect(table.getByRole("note", { name: "Read-only" })).toContainText("grant credits on /subscription");
  await expect(table.getByRole("link", { name: "New document" })).toHaveCount(0);

  const me = await page.request.get("/api/v1/user-info/");
  const uid = ((await me.json()) as { data: { user_id: string } }).data.user_id;
  await page.goto(`/firestore-dashboard/users/${uid}`);
  const credits = page.locator("#field-credits");
  await expect(credits).toBeDisabled();
  await expect(credits).toHaveAccessibleDescription(/Credits change only through the grant action/);
  await expect(page.locator("#field-plan")).toBeDisabled();
  // The rest of the profile stays editable.
  await expect(page.locator("#field-name")).toBeEnabled();
  await expect(page.getByRole("button", { name: "Review changes" })).toBeVisible();
});
