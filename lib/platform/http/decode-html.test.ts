/** The page's declared charset is read in one linear pass, however hostile its head. */
import { decodeHtml, metaCharset } from "./safe-fetch";
import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";

it("reads the charset a meta tag declares, and the server's header first", () => {
  expect(metaCharset('<html><head><meta name="x"><META charset="ISO-8859-1"></head>')).toBe("iso-8859-1");
  expect(metaCharset('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">')).toBe(
    "windows-1252",
  );
  expect(metaCharset("<meta name=viewport><p>charset=utf-16</p>")).toBeUndefined();
  expect(metaCharset("<meta charset=")).toBeUndefined();
  expect(decodeHtml(Buffer.from([0x3c, 0x70, 0x3e, 0xe9]), "text/html; charset=latin1")).toBe("<p>é");
  expect(decodeHtml(Buffer.from('<meta charset="windows-1252"><p>\xe9</p>', "latin1"), "text/html")).toBe(
    '<meta charset="windows-1252"><p>é</p>',
  );
});

it("grows linearly over a head of unclosed and charset-less meta tags", async () => {
  const g = await growth({ size: 512, input: (n) => "<meta ".repeat(n / 6) + ">", run: metaCharset });
  expect(g.ratio).toBeLessThan(MAX_GROWTH_FOR_8X);
  const h = await growth({ size: 512, input: (n) => "<meta<meta charset".repeat(n / 18), run: metaCharset });
  expect(h.ratio).toBeLessThan(MAX_GROWTH_FOR_8X);
});
