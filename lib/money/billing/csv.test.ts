/** The CSV export: spreadsheet-safe quoting, and user text that cannot run as a formula. */
import type { CreditHistoryItem } from "./contract";
import { CSV_HEADER, csvRow, historyCsvRow } from "./csv";

const item = (over: Partial<CreditHistoryItem> = {}): CreditHistoryItem => ({
  id: "debit-job1",
  created_at: "2026-03-10T12:00:00.000Z",
  reason: "debit",
  delta: -4,
  balance_after: 96,
  note: "image.generate: 4 × Local preview",
  job_id: "job1",
  item: { id: "c1", kind: "image", title: "a lighthouse, at dusk", href: "/image-gen/c1" },
  ...over,
});

test("one row per entry with the columns of the header, links made absolute", () => {
  expect(csvRow(CSV_HEADER)).toBe(
    "date,type,credits,balance_after,description,item_type,item_title,item_link,job_id,entry_id\r\n",
  );
  expect(historyCsvRow(item(), "https://app.example.com")).toBe(
    '2026-03-10T12:00:00.000Z,spent,-4,96,image.generate: 4 × Local preview,image,"a lighthouse, at dusk",https://app.example.com/image-gen/c1,job1,debit-job1\r\n',
  );
});

test("quotes, line breaks and formulas in user text are neutralised; numbers keep their sign", () => {
  const row = historyCsvRow(
    item({
      item: { id: "c2", kind: "image", title: '=HYPERLINK("x")\nsay "hi"', href: null },
      note: "+1 grant",
      delta: 3,
      reason: "grant",
    }),
    "",
  );
  expect(row).toBe(
    '2026-03-10T12:00:00.000Z,grant,3,96,\'+1 grant,image,"\'=HYPERLINK(""x"")\nsay ""hi""",,job1,debit-job1\r\n',
  );
});
