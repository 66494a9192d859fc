import { floatToPcm, pcmToFloat } from "./audio-mix";

describe("PCM conversion", () => {
  it("rounds, clips and reads back 16-bit samples", () => {
    const pcm = floatToPcm(new Float32Array([0, 0.5, -0.5, 1, -1, 2, -2, 0.7 / 32767, -0.7 / 32767]));
    const header = Buffer.alloc(3); // an odd offset: the reader must copy, not view in place
    const samples = Array.from(new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2));
    expect(samples).toEqual([0, 16384, -16384, 32767, -32767, 32767, -32767, 1, -1]);
    const back = pcmToFloat(Buffer.concat([header, pcm]), 3);
    expect(Array.from(back).map((v) => Math.round(v * 32768))).toEqual(samples);
  });

  it("converts a minute of stereo audio quickly", () => {
    const t = Date.now();
    const back = pcmToFloat(floatToPcm(new Float32Array(60 * 48_000 * 2).fill(0.25)), 0);
    expect(back[back.length - 1]).toBeCloseTo(0.25, 3);
    expect(Date.now() - t).toBeLessThan(2000);
  });
});
