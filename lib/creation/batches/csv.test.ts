/**
 * CSV uploads → the mapping step, and rows → the create call's validation:
 * encodings (BOM, UTF-16, not UTF-8), quoted fields, the 100-row cap, a file
 * with no link or prompt column, per-row problems.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { createBatchInputSchema, rowProblems, rowsFromCsv, rowsFromPaste, itemFileName } from "./contract";
import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { MAX_CSV_BYTES } from "./contract";
import { MAX_CSV_LINES, previewCsv } from "./csv";

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

function refusal(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error("expected a refusal");
}

function refusalOrPreview(bytes: Uint8Array): unknown {
  try {
    return previewCsv(bytes);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return e;
  }
}

describe("decoding", () => {
  it("reads UTF-8 with a BOM without the BOM leaking into the first column's name", () => {
    const p = previewCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("link,name\nhttps://shop.example/a,Café crème\n")]));
    expect(p.encoding).toBe("utf-8");
    expect(p.columns).toEqual(["link", "name"]);
    expect(p.guesses).toMatchObject({ link: 0, name: 1, prompt: null });
    expect(p.rows_preview[0]).toEqual(["https://shop.example/a", "Café crème"]);
    expect(p.problems).toEqual([]);
  });

  it("decodes UTF-16 when a BOM says so (Excel's Unicode text)", () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("prompt\nÜber coffee\n", "utf16le")]);
    const p = previewCsv(new Uint8Array(le));
    expect(p.encoding).toBe("utf-16le");
    expect(p.rows[0]).toEqual(["Über coffee"]);
    const be = Buffer.from(Buffer.from("prompt\nDéjà vu\n", "utf16le")).swap16();
    const q = previewCsv(new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), be])));
    expect(q.encoding).toBe("utf-16be");
    expect(q.rows[0]).toEqual(["Déjà vu"]);
  });

  it("reads a file that is not UTF-8 as Windows-1252 and says so, naming the first bad line", () => {
    const bytes = new Uint8Array([
      ...utf8("prompt,price\nplain line,1\n"),
      ...Buffer.from("caf"),
      0xe9,
      ...utf8(" au lait,2\n"),
    ]);
    const p = previewCsv(bytes);
    expect(p.encoding).toBe("windows-1252");
    expect(p.rows[1]).toEqual(["café au lait", "2"]);
    expect(p.problems[0]).toMatch(/not UTF-8 \(first at line 3\).*Windows-1252/);
  });

  it("refuses binary data (a spreadsheet saved as .xlsx) with a 422 that says what to do", () => {
    const e = refusal(() => previewCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00])));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/not a CSV text file.*Save it as CSV/);
  });
});

describe("parsing and mapping", () => {
  it("keeps quoted commas, quotes and line breaks inside one cell", () => {
    const p = previewCsv(
      utf8('Brief,Title,Image URL\n"Coffee, roasted ""today""\nshipped tomorrow",Beans,https://cdn.example/b.jpg\n'),
    );
    expect(p.row_count).toBe(1);
    expect(p.rows[0]).toEqual(['Coffee, roasted "today"\nshipped tomorrow', "Beans", "https://cdn.example/b.jpg"]);
    expect(p.guesses).toEqual({ link: null, prompt: 0, name: 1, price: null, image_url: 2 });
  });

  it("refuses more than 100 rows, and more than MAX_CSV_LINES lines before reading them: at most 100 per batch, split the file", () => {
    const rows = (n: number) =>
      "link\n" + Array.from({ length: n }, (_, i) => `https://shop.example/p/${i}`).join("\n");
    expect(previewCsv(utf8(rows(100))).row_count).toBe(100);
    const e = refusal(() => previewCsv(utf8(rows(150))));
    expect(e.status).toBe(422);
    expect(e.message).toBe("This file has more than 100 rows. At most 100 rows per batch; split the file.");
    expect(refusal(() => previewCsv(utf8(rows(10_000)))).message).toBe(
      "This file has 10,001 lines. At most 100 rows per batch; split the file.",
    );
    // Blank rows and rows of empty cells (Excel's trailing rows) do not count as rows.
    expect(previewCsv(utf8(`${rows(3)}\n${",\n".repeat(500)}\n\n`)).row_count).toBe(3);
  });

  it("a million short rows (the whole 2 MB body): a 422, in time that grows with the body, not faster", async () => {
    const million = utf8(`link\n${"a\n".repeat(1_000_000)}`);
    expect(million.length).toBeLessThanOrEqual(MAX_CSV_BYTES);
    expect(refusal(() => previewCsv(million)).message).toBe(
      "This file has 1,000,001 lines. At most 100 rows per batch; split the file.",
    );
    // Rows whose cell count differs from the header's are the parser's slow path (~0.1 ms each, a
    // million took minutes): within the line cap, and past it up to the body limit.
    const withinCap = await growth({
      size: Math.floor((MAX_CSV_LINES - 1) / 8),
      input: (rows) => utf8(`link\n${",\n".repeat(rows)}`),
      run: refusalOrPreview,
      rounds: 2,
    });
    expect(withinCap.ratio).toBeLessThanOrEqual(MAX_GROWTH_FOR_8X);
    const toBodyLimit = await growth({
      size: MAX_CSV_BYTES / 8,
      input: (bytes) => utf8(`link\n${"x,\n".repeat(Math.floor(bytes / 3) - 2)}`),
      run: refusalOrPreview,
      rounds: 2,
    });
    expect(toBodyLimit.ratio).toBeLessThanOrEqual(MAX_GROWTH_FOR_8X);
  });

  it("says when no column looks like a link or a prompt, and the mapping decides", () => {
    const p = previewCsv(utf8("sku,what\n1,Cold brew kit\n2,\n"));
    expect(p.guesses.link).toBeNull();
    expect(p.guesses.prompt).toBeNull();
    expect(p.problems.join(" ")).toMatch(/No column is named like a link .* or a prompt/);
    // Unmapped, every row lacks both: the create call names each row.
    const unmapped = createBatchInputSchema.safeParse({
      source: "csv",
      settings: SETTINGS,
      rows: rowsFromCsv(p.rows, p.guesses),
    });
    expect(unmapped.success).toBe(false);
    expect([
      ...rowProblems(unmapped.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message }))).keys(),
    ]).toEqual([0, 1]);
    // Mapped by hand: the first row is fine, the second (empty prompt) is named.
    const mapped = createBatchInputSchema.safeParse({
      source: "csv",
      settings: SETTINGS,
      rows: rowsFromCsv(p.rows, { prompt: 1 }),
    });
    const problems = rowProblems(mapped.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    expect([...problems.entries()]).toEqual([[1, ["Give this row a link or a prompt."]]]);
  });

  it("refuses an empty file and a header without rows", () => {
    expect(refusal(() => previewCsv(utf8("\n\n"))).message).toMatch(/empty/);
    expect(refusal(() => previewCsv(utf8("link,name\n"))).message).toMatch(/no rows/);
  });
});

const SETTINGS = {
  template_id: null,
  aspect_ratios: ["9:16"],
  length_s: 15,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};

describe("rows", () => {
  it("pasted lines: a web address is a link, anything else a prompt; blank lines dropped", () => {
    expect(
      rowsFromPaste("https://shop.example/a\n\n  Make a teaser for our spring sale  \nftp://nope.example\n"),
    ).toEqual([
      { link: "https://shop.example/a", prompt: null },
      { link: null, prompt: "Make a teaser for our spring sale" },
      { link: null, prompt: "ftp://nope.example" },
    ]);
  });

  it("validates every row: bad links and image URLs are named by row and field; 101 rows are refused", () => {
    const r = createBatchInputSchema.safeParse({
      source: "paste",
      settings: SETTINGS,
      rows: [{ prompt: "fine" }, { link: "javascript:alert(1)" }, { prompt: "x", image_url: "not a url" }],
    });
    const issues = r.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    expect(issues).toEqual([
      { path: "rows.1.link", message: "The link must be a web address starting with http:// or https://." },
      { path: "rows.2.image_url", message: "The image URL must be a web address starting with http:// or https://." },
    ]);
    const many = createBatchInputSchema.safeParse({
      source: "paste",
      settings: SETTINGS,
      rows: Array.from({ length: 101 }, () => ({ prompt: "p" })),
    });
    expect(many.error!.issues[0]!.message).toBe("At most 100 rows per batch; split the file.");
    const noRatio = createBatchInputSchema.safeParse({
      source: "paste",
      settings: { ...SETTINGS, aspect_ratios: [] },
      rows: [{ prompt: "p" }],
    });
    expect(noRatio.error!.issues[0]!.message).toBe("Pick at least one aspect ratio.");
  });

  it("names ZIP entries by row, ratio and the row's label", () => {
    expect(itemFileName(0, "9:16", { name: "Cold Brew Kit — 2L!", prompt: null, link: null })).toBe(
      "row-001-9x16-cold-brew-kit-2l.mp4",
    );
    expect(itemFileName(41, "1:1", { name: null, prompt: null, link: "https://shop.example/p/1" })).toBe(
      "row-042-1x1-shopexample.mp4",
    );
  });
});
