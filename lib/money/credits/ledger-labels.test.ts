import { describeLedgerNote } from "./ledger-labels";

it("turns job-type codes into words and keeps the detail", () => {
  expect(describeLedgerNote("video.render: 30 s, Local preview")).toBe("Video render · 30 s, Local preview");
  expect(describeLedgerNote("design.render: 2 page(s) as PNG")).toBe("Design export · 2 page(s) as PNG");
  expect(describeLedgerNote("image.generate: 4 × Local preview")).toBe("Image generation · 4 × Local preview");
  expect(describeLedgerNote("image.edit: 1 × Local preview")).toBe("Image edit · 1 × Local preview");
  expect(describeLedgerNote("bulk batch: 3 videos × 2")).toBe("Videos in bulk · 3 videos × 2");
  expect(describeLedgerNote("video.render failed: the browser crashed")).toBe(
    "Video render not made · the browser crashed",
  );
  expect(describeLedgerNote("scene picture not made: timeout")).toBe("Scene picture not made · timeout");
});

it("never shows a staff member's uid, and keeps notes without a code", () => {
  const staff = describeLedgerNote("staff grant by ops@promptframe.ai (uid abc123): goodwill after an outage");
  expect(staff).toBe("Credits from the Promptframe team: goodwill after an outage");
  expect(staff).not.toMatch(/uid|abc123/);
  expect(describeLedgerNote("Free plan: monthly top-up to 100 credits (03)")).toBe(
    "Free plan: monthly top-up to 100 credits (03)",
  );
  expect(describeLedgerNote(null)).toBeNull();
});
