/**
 * ffprobe and ffmpeg read an upload as the media type its bytes name, from
 * the file itself, over the file protocol only: a playlist (HLS) or a concat
 * list dressed as a media file is not followed, so an upload can neither make
 * the server fetch a URL nor read another file beside it (say another
 * person's upload in the same temporary folder). A real local HTTP server
 * stands in for the network target and must see no request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeAudio } from "@/lib/engine/render/audio-mix";
import { posterFrame, probeMedia } from "./probe";
import { mp4File, wavFile } from "./testing";

let server: http.Server;
let origin: string;
const hits: string[] = [];
let dir: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "video/mp2t" }).end(Buffer.alloc(188 * 10, 0x47));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), "pf-probe-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => hits.splice(0));

const playlist = (o: string) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\n${o}/seg0.ts\n#EXTINF:2.0,\n${o}/seg1.ts\n#EXT-X-ENDLIST\n`;
/** An ID3v2 tag (so the bytes sniff as MP3) in front of `body`. */
const id3 = (body: string) => Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]), Buffer.from(body)]);

function file(name: string, bytes: Buffer | string): string {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

it("still reads real media: an MP4's picture size and length, a WAV's length, a poster frame", async () => {
  const mp4 = file("clip", await mp4File());
  expect(await probeMedia(mp4)).toMatchObject({ hasVideo: true, width: 64, height: 48, durationMs: 600 });
  expect((await posterFrame(mp4, 100))?.subarray(1, 4).toString()).toBe("PNG");
  expect(await probeMedia(file("tone", wavFile(500)))).toMatchObject({
    hasVideo: false,
    hasAudio: true,
    durationMs: 500,
  });
});

it.each([
  ["an HLS playlist named .m3u8", "list.m3u8", () => playlist(origin)],
  ["an HLS playlist behind an ID3 tag (sniffs as MP3)", "song.m3u8", () => id3(playlist(origin))],
  ["a concat list pointing at a URL", "list.ffconcat", () => `ffconcat version 1.0\nfile '${origin}/seg0.ts'\n`],
])(
  "%s is not followed: no request reaches the server",
  async (_label, name, bytes) => {
    const p = file(name, bytes());
    const probe = await probeMedia(p);
    expect(probe?.hasVideo ?? false).toBe(false);
    expect(await posterFrame(p, 0)).toBeNull();
    expect(hits).toEqual([]);
  },
  20_000,
);

describe("a list that points at another file beside it is not read", () => {
  beforeAll(async () => {
    // Someone else's clip in the same folder (uploads are spooled side by side).
    writeFileSync(path.join(dir, "other-upload"), await mp4File());
    writeFileSync(path.join(dir, "seg.mp4"), await mp4File());
  });

  it.each([
    ["a concat list behind an ID3 tag (sniffs as MP3)", "song", () => id3("ffconcat version 1.0\nfile other-upload\n")],
    ["a concat list", "list", () => "ffconcat version 1.0\nfile other-upload\n"],
    [
      "an HLS playlist of a local segment",
      "local.m3u8",
      () => `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:0.6,\nseg.mp4\n#EXT-X-ENDLIST\n`,
    ],
  ])(
    "%s",
    async (_label, name, bytes) => {
      const p = file(name, bytes());
      expect(await probeMedia(p)).toBeNull();
      expect(await posterFrame(p, 0)).toBeNull();
    },
    20_000,
  );
});

it("the soundtrack mixer reads the same way: a WAV decodes, a list of a sibling WAV is refused", async () => {
  file("voice.wav", wavFile(500));
  expect((await decodeAudio(path.join(dir, "voice.wav"))).length).toBe(48_000); // 0.5 s of stereo at 48 kHz
  await expect(decodeAudio(file("track", id3("ffconcat version 1.0\nfile voice.wav\n")))).rejects.toThrow();
}, 20_000);
