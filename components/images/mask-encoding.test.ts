import { alphaToMask, brushInImagePixels, dataUrlBytes, hasPaint, toImagePoint } from "./mask-encoding";

describe("toImagePoint", () => {
  const rect = { left: 100, top: 50, width: 512, height: 288 };
  const natural = { width: 1024, height: 576 };
  it("scales from the displayed box to the source's pixels", () => {
    expect(toImagePoint({ clientX: 100 + 256, clientY: 50 + 144, rect, natural })).toEqual({ x: 512, y: 288 });
  });
  it("clamps strokes that leave the image", () => {
    expect(toImagePoint({ clientX: 0, clientY: 9999, rect, natural })).toEqual({ x: 0, y: 576 });
  });
});

it("brush size follows the display scale", () => {
  expect(brushInImagePixels(40, 512, 1024)).toBe(80);
  expect(brushInImagePixels(1, 2048, 64)).toBe(1);
});

describe("alphaToMask", () => {
  it("makes painted pixels white and the rest black, all opaque", () => {
    const rgba = new Uint8ClampedArray([10, 20, 30, 255, 0, 0, 0, 0, 9, 9, 9, 127, 9, 9, 9, 128]);
    expect([...alphaToMask(rgba)]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255]);
  });
  it("knows an untouched canvas from a painted one", () => {
    expect(hasPaint(new Uint8ClampedArray(16))).toBe(false);
    expect(hasPaint(new Uint8ClampedArray([0, 0, 0, 0, 0, 0, 0, 1]))).toBe(true);
  });
});

it("measures a data URL's decoded size", () => {
  const bytes = Buffer.from("hello world!!");
  expect(dataUrlBytes(`data:image/png;base64,${bytes.toString("base64")}`)).toBe(bytes.length);
  expect(dataUrlBytes(`data:image/png;base64,${Buffer.from("ab").toString("base64")}`)).toBe(2);
});
