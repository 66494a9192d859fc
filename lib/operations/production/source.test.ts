/**
 * Feed sources read through the URL guard from a local server: JSON (a list
 * or `{ products: [...] }`) and RSS, each row keyed by its id/guid; a feed of
 * the wrong type and a row without a link or prompt are refused with a reason.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFeed } from "./source";

const FEEDS: Record<string, [string, string]> = {
  "/feed.json": [
    "application/json",
    JSON.stringify({
      products: [
        { sku: "K1", url: "https://shop.example/kettle", title: "Kettle", price: 49 },
        { sku: "M2", url: "https://shop.example/mug", title: "Mug" },
      ],
    }),
  ],
  "/feed.rss": [
    "application/rss+xml",
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Shop</title><item><title>Kettle</title><link>https://shop.example/kettle</link><guid>g-1</guid></item><item><title>Mug</title><link>https://shop.example/mug</link><guid>g-2</guid></item></channel></rss>`,
  ],
  "/page.html": ["text/html", "<html></html>"],
  "/bad.json": ["application/json", JSON.stringify([{ title: "No link, no prompt" }])],
};

let server: http.Server;
let base = "";
const opts = { allowHosts: ["127.0.0.1"], timeoutMs: 2000 };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const f = FEEDS[req.url ?? ""];
    if (!f) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": f[0] }).end(f[1]);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

it("reads JSON and RSS feeds into keyed rows", async () => {
  const json = await readFeed(`${base}/feed.json`, "json", opts);
  expect(json.map((r) => [r.key, r.row.link, r.row.name, r.row.price])).toEqual([
    ["id:K1", "https://shop.example/kettle", "Kettle", "49"],
    ["id:M2", "https://shop.example/mug", "Mug", null],
  ]);
  const rss = await readFeed(`${base}/feed.rss`, "rss", opts);
  expect(rss.map((r) => [r.key, r.row.link, r.row.name])).toEqual([
    ["id:g-1", "https://shop.example/kettle", "Kettle"],
    ["id:g-2", "https://shop.example/mug", "Mug"],
  ]);
});

it("refuses a feed that is not one, and rows without a link or prompt", async () => {
  await expect(readFeed(`${base}/page.html`, "json", opts)).rejects.toMatchObject({
    status: 415,
    message: expect.stringMatching(/not a CSV, JSON or RSS feed/),
  });
  await expect(readFeed(`${base}/bad.json`, "json", opts)).rejects.toMatchObject({
    status: 422,
    message: expect.stringMatching(/Row 1: Give this row a link or a prompt/),
  });
  await expect(readFeed(`${base}/missing.json`, "json", opts)).rejects.toMatchObject({ status: 422 });
});
