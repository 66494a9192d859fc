/**
 * The layout generator and review queue in Chromium, as staff, with the
 * Local preview model: a brief becomes two candidates previewed in all four
 * ratios; one is approved (it opens in the layout pipeline and leaves the
 * queue), the other is rejected with a reason.
 */
import { randomUUID } from "node:crypto";
import { test, expect } from "./fixtures";

test("staff generate two layouts, approve one into the pipeline and reject the other", async ({ page, signedInAs }) => {
  await signedInAs("staff", "/layout-gen");
  const brief = `A product hero with price badge, three bullet points, logo bottom right (${randomUUID().slice(0, 6)})`;
  await page.getByLabel("Brief").fill(brief);
  await page.getByLabel("How many layouts").selectOption("2");
  await expect(page.getByLabel("Model")).toHaveValue("local/preview");
  await page.getByRole("button", { name: "Generate layouts" }).click();

  const candidates = page.getByTestId("candidate");
  await expect(candidates).toHaveCount(2, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/layout-gen\?batch=[0-9a-f]+/);
  for (const ratio of ["9:16", "1:1", "4:5", "16:9"])
    await expect(candidates.first().getByTestId(`layout-preview-${ratio}`)).toBeVisible();
  await expect(candidates.first().getByText("Local preview (not AI)")).toBeVisible();
  const ids = await candidates
    .getByRole("link", { name: /^Review / })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/").pop()!));
  expect(ids).toHaveLength(2);
  const [approved, rejected] = ids as [string, string];

  await candidates
    .first()
    .getByRole("link", { name: /^Review / })
    .click();
  await expect(page).toHaveURL(`/generated-layouts/${approved}`);
  await expect(page.getByText(brief)).toBeVisible();
  await page.getByRole("button", { name: /^Approve / }).click();
  await expect(page).toHaveURL(`/layouts-pipeline/${approved}`);

  await page.goto("/generated-layouts");
  const rejectCard = page.locator(`[data-layout-id="${rejected}"]`);
  await expect(rejectCard).toBeVisible();
  await expect(page.locator(`[data-layout-id="${approved}"]`)).toHaveCount(0);
  await rejectCard.getByRole("button", { name: /^Reject / }).click();
  await rejectCard.getByLabel("Why reject it?").fill("The logo crowds the bullet points");
  await rejectCard.getByRole("button", { name: "Reject with this reason" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rejected" })).toBeVisible();
  await expect(rejectCard).toHaveCount(0);

  await page.getByRole("button", { name: "Rejected", exact: true }).click();
  await expect(
    page.locator(`[data-layout-id="${rejected}"]`).getByText("The logo crowds the bullet points"),
  ).toBeVisible();
});
