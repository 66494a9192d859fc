import { strFromU8, unzipSync } from "fflate";
import { zipPieces as zipStream, type ZipPiece } from "./zip-stream";

/** A source of `files` entries of `chunks` pieces each, counting the pieces taken from it. */
function source(files: number, chunks: number, size = 16 * 1024) {
  const taken = { pieces: 0, returned: false };
  async function* gen(): AsyncGenerator<ZipPiece, void, undefined> {
    try {
      for (let f = 0; f < files; f++) {
        for (let c = 0; c < chunks; c++) {
          taken.pieces += 1;
          yield { name: `f${f}.bin`, chunk: new Uint8Array(size).fill(f), deflate: false };
        }
        yield { name: `f${f}.bin`, chunk: null, deflate: false };
      }
      taken.pieces += 1;
      yield { name: "notes.json", chunk: new TextEncoder().encode(JSON.stringify({ files })), deflate: true };
      yield { name: "notes.json", chunk: null, deflate: true };
    } finally {
      taken.returned = true;
    }
  }
  return { gen: gen(), taken };
}

it("builds a ZIP of stored files and deflated text that unzips to the same bytes", async () => {
  const { gen } = source(3, 4, 1000);
  let settled = 0;
  const zip = unzipSync(new Uint8Array(await new Response(zipStream(gen, () => (settled += 1))).arrayBuffer()));
  expect(Object.keys(zip)).toEqual(["f0.bin", "f1.bin", "f2.bin", "notes.json"]);
  expect(zip["f2.bin"]).toEqual(new Uint8Array(4000).fill(2));
  expect(JSON.parse(strFromU8(zip["notes.json"]!))).toEqual({ files: 3 });
  expect(settled).toBe(1);
});

it("reads the source only as fast as the client reads the archive (back-pressure)", async () => {
  // 64 MB waiting in the source; the client reads three chunks and then stops.
  const { gen, taken } = source(16, 256);
  const reader = zipStream(gen).getReader();
  for (let i = 0; i < 3; i++) await reader.read();
  await new Promise((r) => setTimeout(r, 100)); // time an eager stream would use to run ahead
  expect(taken.pieces).toBeLessThanOrEqual(5);
  await reader.read();
  await new Promise((r) => setTimeout(r, 20));
  expect(taken.pieces).toBeLessThanOrEqual(6);
  await reader.cancel();
});

it("stops reading the source and settles when the client goes away", async () => {
  const { gen, taken } = source(16, 256);
  let settled = 0;
  const reader = zipStream(gen, () => (settled += 1)).getReader();
  await reader.read();
  await reader.cancel();
  expect(taken.returned).toBe(true);
  expect(settled).toBe(1);
});

it("fails the download (and settles) when the source fails half way", async () => {
  async function* broken(): AsyncGenerator<ZipPiece, void, undefined> {
    yield { name: "a.bin", chunk: new Uint8Array(10), deflate: false };
    throw new Error("disk gone");
  }
  let settled = 0;
  await expect(new Response(zipStream(broken(), () => (settled += 1))).arrayBuffer()).rejects.toThrow();
  expect(settled).toBe(1);
});
