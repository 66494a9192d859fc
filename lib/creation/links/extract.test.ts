/**
 * Reading a page off the event loop: the worker thread gives the same page as
 * reading it in place, refusals come back as LinkErrors, and a page that
 * takes too long is ended at its deadline while the server keeps answering.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { LinkError } from "@/lib/platform/http/errors";
import { extractFromHtml } from "./extract-html";
import { readPageOffThread } from "./extract";

jest.setTimeout(60_000);
const fixture = (name: string) => readFileSync(path.join(process.cwd(), "tests/fixtures/links", name), "utf8");

it("reads a page in a worker thread exactly as in place", async () => {
  const input = {
    html: fixture("gibert-jeune-book.html"),
    url: "https://www.gibertjeune.fr/article/7466710-la-legende-de-darkseid-ostrander-john-urban-comics",
  };
  expect(await readPageOffThread(input)).toEqual(await extractFromHtml(input));
});

it("a refusal inside the worker comes back as the same LinkError", async () => {
  const html = `<html><head><title>Sign in</title></head><body><form><input type="password"><button>Log in</button></form></body></html>`;
  const e = await readPageOffThread({ html, url: "https://shop.test/account" }).catch((x) => x);
  expect(e).toBeInstanceOf(LinkError);
  expect(e).toMatchObject({ reason: "sign_in_required" });
});

it("ends a page that takes too long at its deadline, and the event loop answers meanwhile", async () => {
  const fx = fixture("astier-article.html");
  const body = fx.slice(fx.indexOf("<body"), fx.lastIndexOf("</body>"));
  const big = fx.replace("</body>", `${body.repeat(300)}</body>`); // ~2 MB of article: seconds of parsing
  let ticks = 0;
  const tick = setInterval(() => ticks++, 50);
  const started = Date.now();
  const e = await readPageOffThread({ html: big, url: "https://shop.test/long" }, { timeoutMs: 1_000 }).catch((x) => x);
  clearInterval(tick);
  expect(e).toBeInstanceOf(LinkError);
  expect(e).toMatchObject({ reason: "timeout", message: expect.stringMatching(/takes too long to read/) });
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(ticks).toBeGreaterThanOrEqual(10);
});
