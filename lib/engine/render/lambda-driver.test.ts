/**
 * The Lambda driver against AWS's wire formats, intercepted with msw: the
 * Lambda Invoke API (POST /2015-03-31/functions/{name}/invocations, SigV4
 * signed, the function's JSON result as the body), S3 for the presigned
 * download of the output, and for cancellation STS GetCallerIdentity (XML)
 * plus S3 GetObject/PutObject in the render bucket. No request leaves the
 * process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { COMPOSITION_SCHEMA_VERSION } from "../composition/composition-schema";
import type { RenderProps } from "../composition/render-props";
import { resolveRenderProps } from "../composition/resolve";
import { sampleValues, starterTemplate, starterTemplateVersion } from "../composition/starter";
import { isRenderError } from "./errors";
import { LambdaRenderer, lambdaConfigFromEnv } from "./lambda-driver";
import { rendererKind } from "./select";

const REGION = "us-east-1";
const FN = "remotion-render-4-0-527-mem2048mb-disk2048mb-120sec";
const BUCKET = "remotionlambda-useast1-abcdef1234";
const INVOKE = `https://lambda.${REGION}.amazonaws.com/2015-03-31/functions/${FN}/invocations`;
const MP4 = Buffer.from("00000018667479706d703432000000006d703432", "hex");

const server = setupServer();
let dir: string;
let invocations: { type: string; body: Record<string, unknown>; auth: string | null }[] = [];

beforeAll(() => {
  process.env.REMOTION_AWS_ACCESS_KEY_ID = "AKIAIOSFODNN7EXAMPLE";
  process.env.REMOTION_AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
  server.listen({ onUnhandledRequest: "error" });
});
afterAll(() => server.close());
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-lambda-"));
  invocations = [];
});
afterEach(() => {
  server.resetHandlers();
  fs.rmSync(dir, { recursive: true, force: true });
});

function props(): RenderProps {
  const tv = starterTemplateVersion(starterTemplate("starter-bold")!);
  const l = tv.layouts[0]!;
  return resolveRenderProps({
    composition: {
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: "u",
      kind: "video",
      title: "t",
      aspect_ratio: "9:16",
      template: { id: "starter-bold", version: 1 },
      scenes: [{ id: "s1", layout_id: l.id, values: sampleValues(l), narration: "", duration_ms: 3000 }],
      audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
      brand: null,
      revision: 0,
    },
    templateVersion: tv,
    mediaUrl: (k) => `https://storage.googleapis.com/bucket/${k}?X-Goog-Signature=x`,
    backgroundUrl: "https://storage.googleapis.com/bucket/bg.jpg?X-Goog-Signature=x",
    size: "720p",
  });
}

/** The Invoke API: the payload is the request body, the function's result the response body. */
function lambda(
  respond: (payload: Record<string, unknown>, n: number) => unknown,
  headers: Record<string, string> = {},
) {
  return http.post(INVOKE, async ({ request }) => {
    const payload = (await request.json()) as Record<string, unknown>;
    invocations.push({ type: String(payload.type), body: payload, auth: request.headers.get("authorization") });
    const n = invocations.filter((i) => i.type === payload.type).length;
    return HttpResponse.json(respond(payload, n) as Record<string, unknown>, {
      headers: { "x-amz-executed-version": "$LATEST", "x-amzn-requestid": `req-${invocations.length}`, ...headers },
    });
  });
}

/** One AWS event-stream message: prelude (lengths + CRC), string headers, payload, CRC of all. */
function eventMessage(eventType: string, contentType: string, payload: Buffer): Buffer {
  const headers = Buffer.concat(
    Object.entries({ ":event-type": eventType, ":content-type": contentType, ":message-type": "event" }).map(
      ([name, value]) => {
        const n = Buffer.from(name);
        const v = Buffer.from(value);
        const len = Buffer.alloc(2);
        len.writeUInt16BE(v.length);
        return Buffer.concat([Buffer.from([n.length]), n, Buffer.from([7]), len, v]);
      },
    ),
  );
  const total = 12 + headers.length + payload.length + 4;
  const prelude = Buffer.alloc(8);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headers.length, 4);
  const preludeCrc = Buffer.alloc(4);
  preludeCrc.writeUInt32BE(zlib.crc32(prelude));
  const body = Buffer.concat([prelude, preludeCrc, headers, payload]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([body, crc]);
}

/** A Remotion streaming message: `remotion_buffer:<type id>:<length>:<0 ok | 1 error>:<json>`. */
const remotionMessage = (typeId: number, payload: unknown, status = 0) => {
  const json = Buffer.from(JSON.stringify(payload));
  return Buffer.concat([Buffer.from(`remotion_buffer:${typeId}:${json.length}:${status}:`), json]);
};

const STREAM = `https://lambda.${REGION}.amazonaws.com/2021-11-15/functions/${FN}/response-streaming-invocations`;

/** The streaming Invoke API: each message a PayloadChunk event, then InvokeComplete. */
function lambdaStream(respond: (payload: Record<string, unknown>) => Buffer[]) {
  return http.post(STREAM, async ({ request }) => {
    const payload = (await request.json()) as Record<string, unknown>;
    invocations.push({ type: String(payload.type), body: payload, auth: request.headers.get("authorization") });
    const events = [
      ...respond(payload).map((m) => eventMessage("PayloadChunk", "application/octet-stream", m)),
      eventMessage("InvokeComplete", "application/json", Buffer.from("{}")),
    ];
    return new HttpResponse(Buffer.concat(events), {
      headers: {
        "content-type": "application/vnd.amazon.eventstream",
        "x-amz-executed-version": "$LATEST",
        "x-amzn-requestid": `req-${invocations.length}`,
      },
    });
  });
}

const progress = (over: Record<string, unknown>) => ({
  type: "success",
  done: false,
  overallProgress: 0.3,
  framesRendered: 40,
  fatalErrorEncountered: false,
  errors: [],
  outputFile: null,
  outKey: null,
  outBucket: null,
  renderId: "r1",
  bucket: BUCKET,
  ...over,
});

const renderer = () =>
  new LambdaRenderer({
    functionName: FN,
    region: REGION,
    serveUrl: `https://${BUCKET}.s3.${REGION}.amazonaws.com/sites/promptframe/index.html`,
    pollMs: 5,
  });

describe("LambdaRenderer", () => {
  it("starts the render, reports progress and downloads the finished MP4 through a presigned URL", async () => {
    let downloadUrl: URL | null = null;
    server.use(
      lambda((p, n) =>
        p.type === "start"
          ? { type: "success", renderId: "r1", bucketName: BUCKET }
          : n === 1
            ? progress({})
            : progress({
                done: true,
                overallProgress: 1,
                framesRendered: 90,
                outKey: "renders/r1/out.mp4",
                outBucket: BUCKET,
                outputFile: `https://s3.${REGION}.amazonaws.com/${BUCKET}/renders/r1/out.mp4`,
              }),
      ),
      http.get(`https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/r1/out.mp4`, ({ request }) => {
        downloadUrl = new URL(request.url);
        return new HttpResponse(MP4, { headers: { "content-type": "video/mp4" } });
      }),
    );
    const seen: number[] = [];
    const p = props();
    const out = path.join(dir, "out.mp4");
    const result = await renderer().renderVideo({
      props: p,
      outputPath: out,
      onProgress: (x) => seen.push(x.progress),
    });

    expect(result).toMatchObject({ width: 720, height: 1280, sizeBytes: MP4.length, frames: p.durationInFrames });
    expect(fs.readFileSync(out)).toEqual(MP4);
    const start = invocations.find((i) => i.type === "start")!;
    expect(start.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/lambda\/aws4_request/,
    );
    expect(start.body).toMatchObject({
      composition: "Video",
      codec: "h264",
      audioCodec: "aac",
      imageFormat: "jpeg",
      privacy: "private",
      serveUrl: expect.stringContaining("/sites/promptframe/"),
    });
    // Small props travel inline, serialised.
    const inputProps = start.body.inputProps as { type: string; payload: string };
    expect(inputProps.type).toBe("payload");
    expect(JSON.parse(inputProps.payload).width).toBe(720);
    const status = invocations.filter((i) => i.type === "status");
    expect(status).toHaveLength(2);
    expect(status[0]!.body).toMatchObject({ renderId: "r1", bucketName: BUCKET });
    expect(seen).toEqual(expect.arrayContaining([0, 0.3, 1]));
    expect(downloadUrl!.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(downloadUrl!.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("turns a fatal render error into a retryable RenderError", async () => {
    server.use(
      lambda((p) =>
        p.type === "start"
          ? { type: "success", renderId: "r2", bucketName: BUCKET }
          : progress({ fatalErrorEncountered: true, errors: [{ message: "delayRender() timed out", isFatal: true }] }),
      ),
    );
    const err = await renderer()
      .renderVideo({ props: props(), outputPath: path.join(dir, "x.mp4") })
      .catch((e) => e);
    expect(isRenderError(err, "lambda-failed")).toBe(true);
    expect(err.retryable).toBe(true);
    expect(err.message).toContain("delayRender() timed out");
  });

  it("reports an error the function itself returned", async () => {
    server.use(lambda(() => ({ type: "error", message: "Version mismatch: the function runs 4.0.500", stack: "" })));
    const err = await renderer()
      .renderVideo({ props: props(), outputPath: path.join(dir, "x.mp4") })
      .catch((e) => e);
    expect(isRenderError(err, "lambda-failed")).toBe(true);
    expect(err.message).toContain("Version mismatch");
  });

  it("cancels: writes Remotion's cancellation signal to the render bucket and rejects", async () => {
    const controller = new AbortController();
    let cancelWritten = false;
    server.use(
      lambda((p) => {
        if (p.type === "status") controller.abort();
        return p.type === "start" ? { type: "success", renderId: "r3", bucketName: BUCKET } : progress({});
      }),
      http.post(`https://sts.${REGION}.amazonaws.com/`, () =>
        HttpResponse.xml(
          `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::123456789012:user/render</Arn><UserId>AIDAEXAMPLE</UserId><Account>123456789012</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>sts-1</RequestId></ResponseMetadata></GetCallerIdentityResponse>`,
        ),
      ),
      http.get(`https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/r3/progress.json`, () =>
        HttpResponse.json({
          cancellationEnabled: true,
          chunks: [],
          framesRendered: 0,
          renderMetadata: null,
          errors: [],
        }),
      ),
      http.put(`https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/r3/:file`, () => {
        cancelWritten = true;
        return new HttpResponse(null, { status: 200, headers: { etag: '"abc"' } });
      }),
    );
    const err = await renderer()
      .renderVideo({ props: props(), outputPath: path.join(dir, "x.mp4"), signal: controller.signal })
      .catch((e) => e);
    expect(isRenderError(err, "cancelled")).toBe(true);
    expect(cancelWritten).toBe(true);
  });

  it("renders a poster with renderStillOnLambda (streamed) and downloads it through a presigned URL", async () => {
    const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
    let downloadUrl: URL | null = null;
    server.use(
      lambdaStream(() => [
        remotionMessage(3, { renderId: "s1" }),
        remotionMessage(6, {
          type: "success",
          output: `https://s3.${REGION}.amazonaws.com/${BUCKET}/renders/s1/out.jpeg`,
          outKey: "renders/s1/out.jpeg",
          size: JPEG.length,
          bucketName: BUCKET,
          renderId: "s1",
          estimatedPrice: { accruedSoFar: 0.00001, displayCost: "$0.001", currency: "USD", disclaimer: "" },
          receivedArtifacts: [],
        }),
      ]),
      http.get(`https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/s1/out.jpeg`, ({ request }) => {
        downloadUrl = new URL(request.url);
        return new HttpResponse(JPEG, { headers: { "content-type": "image/jpeg" } });
      }),
    );
    const out = path.join(dir, "poster.jpg");
    const result = await renderer().renderPoster({ props: props(), outputPath: out });

    expect(result).toEqual({ width: 720, height: 1280, sizeBytes: JPEG.length, format: "jpeg" });
    expect(fs.readFileSync(out)).toEqual(JPEG);
    const still = invocations.find((i) => i.type === "still")!;
    expect(still.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/lambda\/aws4_request/,
    );
    expect(still.body).toMatchObject({
      composition: "Still",
      imageFormat: "jpeg",
      jpegQuality: 88,
      frame: 0,
      privacy: "private",
    });
    const inputProps = still.body.inputProps as { type: string; payload: string };
    expect(JSON.parse(inputProps.payload)).toMatchObject({ sceneIndex: 0, width: 720 });
    expect(downloadUrl!.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("renders an exact video frame as a still of the Video composition", async () => {
    server.use(
      lambdaStream(() => [
        remotionMessage(6, {
          type: "success",
          output: "",
          outKey: "renders/s2/out.png",
          size: 4,
          bucketName: BUCKET,
          renderId: "s2",
          estimatedPrice: {},
          receivedArtifacts: [],
        }),
      ]),
      http.get(
        `https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/s2/out.png`,
        () => new HttpResponse(Buffer.from("png!")),
      ),
    );
    await renderer().renderStill({ props: props(), frame: 42, format: "png", outputPath: path.join(dir, "f.png") });
    expect(invocations[0]!.body).toMatchObject({ type: "still", composition: "Video", frame: 42, imageFormat: "png" });
  });

  it("turns a still the function failed into a retryable RenderError", async () => {
    server.use(
      lambdaStream(() => [
        remotionMessage(
          2,
          { error: "Browser crashed while rendering the still", shouldRetry: false, errorInfo: null },
          1,
        ),
      ]),
    );
    const err = await renderer()
      .renderPoster({ props: props(), outputPath: path.join(dir, "p.jpg") })
      .catch((e) => e);
    expect(isRenderError(err, "lambda-failed")).toBe(true);
    expect(err.retryable).toBe(true);
    expect(err.message).toContain("Browser crashed while rendering the still");
    expect(fs.existsSync(path.join(dir, "p.jpg"))).toBe(false);
  });

  it("bad AWS credentials are a configuration error, not retried", async () => {
    server.use(
      http.post(INVOKE, () =>
        HttpResponse.json(
          { __type: "UnrecognizedClientException", message: "The security token included in the request is invalid." },
          {
            status: 403,
            headers: { "x-amzn-errortype": "UnrecognizedClientException", "x-amzn-requestid": "req-403" },
          },
        ),
      ),
    );
    const err = await renderer()
      .renderVideo({ props: props(), outputPath: path.join(dir, "x.mp4") })
      .catch((e) => e);
    expect(isRenderError(err, "lambda-not-configured")).toBe(true);
    expect(err.retryable).toBe(false);
  });

  it("refuses media only this machine can reach", async () => {
    const p = props();
    const local = { ...p, background: { ...p.background, image: "http://127.0.0.1:4000/blobs/bg.jpg" } };
    const err = await renderer()
      .renderVideo({ props: local, outputPath: path.join(dir, "x.mp4") })
      .catch((e) => e);
    expect(isRenderError(err, "invalid-props")).toBe(true);
    expect(invocations).toHaveLength(0);
  });
});

describe("configuration", () => {
  it("is local unless a Lambda function is configured", () => {
    expect(rendererKind({})).toBe("local");
    expect(rendererKind({ REMOTION_LAMBDA_FUNCTION: FN })).toBe("lambda");
    expect(rendererKind({ REMOTION_LAMBDA_FUNCTION: FN, RENDER_DRIVER: "local" })).toBe("local");
    expect(lambdaConfigFromEnv({})).toBeNull();
    expect(
      lambdaConfigFromEnv({
        REMOTION_LAMBDA_FUNCTION: FN,
        REMOTION_LAMBDA_REGION: REGION,
        REMOTION_SERVE_URL: "https://x/index.html",
      }),
    ).toMatchObject({ functionName: FN, region: REGION });
    expect(() => lambdaConfigFromEnv({ REMOTION_LAMBDA_FUNCTION: FN })).toThrow(/REMOTION_LAMBDA_REGION/);
  });
});

describe("LambdaRenderer segments", () => {
  /** A stand-in Lambda that takes `renderMs` per render, counting how many run at once. */
  function timedLambda(renderMs: number, fail?: (renderId: string) => string | null) {
    const startedAt = new Map<string, number>();
    const finished = new Set<string>();
    const stats = { running: 0, maxRunning: 0 };
    server.use(
      lambda((p) => {
        if (p.type === "start") {
          const renderId = `seg${startedAt.size + 1}`;
          startedAt.set(renderId, Date.now());
          stats.running++;
          stats.maxRunning = Math.max(stats.maxRunning, stats.running);
          return { type: "success", renderId, bucketName: BUCKET };
        }
        const renderId = String(p.renderId);
        const error = fail?.(renderId) ?? null;
        if (error) {
          if (!finished.has(renderId)) stats.running--;
          finished.add(renderId);
          return progress({ renderId, fatalErrorEncountered: true, errors: [{ message: error, isFatal: true }] });
        }
        const elapsed = Date.now() - startedAt.get(renderId)!;
        if (elapsed < renderMs) return progress({ renderId, overallProgress: elapsed / renderMs, framesRendered: 3 });
        if (!finished.has(renderId)) stats.running--;
        finished.add(renderId);
        return progress({
          renderId,
          done: true,
          overallProgress: 1,
          framesRendered: 6,
          outKey: `renders/${renderId}/out.mp4`,
          outBucket: BUCKET,
        });
      }),
      http.get(
        `https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/:id/out.mp4`,
        () => new HttpResponse(MP4, { headers: { "content-type": "video/mp4" } }),
      ),
    );
    return stats;
  }

  const segment = (index: number, start: number, end: number) => ({
    index,
    start,
    end,
    key: String(index).repeat(64).slice(0, 64),
    kind: "scene" as const,
    sceneIds: ["s1"],
  });

  /** Renders `segments` the way a segmented render does: `concurrency` at a time. */
  async function renderAll(r: LambdaRenderer, segments: ReturnType<typeof segment>[]) {
    let next = 0;
    const lane = async () => {
      while (next < segments.length) {
        const s = segments[next++]!;
        await r.renderSegment({ props: props(), segment: s, outputPath: path.join(dir, `${s.index}.mp4`) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(r.segmentConcurrency, segments.length) }, lane));
  }

  it("renders frames [start, end) as a muted H.264 segment with the encoder settings every segment shares", async () => {
    timedLambda(0);
    const seen: number[] = [];
    const out = path.join(dir, "seg.mp4");
    const result = await renderer().renderSegment({
      props: props(),
      segment: segment(1, 30, 42),
      outputPath: out,
      onProgress: (f) => seen.push(f),
    });
    expect(result).toEqual({ frames: 12, sizeBytes: MP4.length });
    expect(fs.readFileSync(out)).toEqual(MP4);
    const start = invocations.find((i) => i.type === "start")!.body;
    expect(start).toMatchObject({
      composition: "Video",
      frameRange: [30, 41],
      muted: true,
      audioCodec: null,
      codec: "h264",
      imageFormat: "jpeg",
      jpegQuality: 80,
      crf: 23,
      x264Preset: "medium",
      pixelFormat: "yuv420p",
      privacy: "private",
    });
    // The whole video is encoded with the same settings (the same function renders both).
    const whole = renderer();
    timedLambda(0);
    invocations = [];
    await whole.renderVideo({ props: props(), outputPath: path.join(dir, "whole.mp4") });
    const wholeStart = invocations.find((i) => i.type === "start")!.body;
    for (const k of ["codec", "imageFormat", "jpegQuality", "crf", "x264Preset", "pixelFormat"])
      expect(wholeStart[k]).toEqual(start[k]);
    expect(wholeStart).toMatchObject({ audioCodec: "aac", muted: false });
    expect(seen.every((f) => f >= 0 && f <= 12)).toBe(true);
  });

  it("renders eight segments at once in about the time of one", async () => {
    const RENDER_MS = 800;
    // Polled every 100 ms: eight renders polled every few ms would measure request signing on two cores, not Lambda.
    const r = new LambdaRenderer({ ...renderer().config, pollMs: 100 });
    expect(r.segmentConcurrency).toBe(8);
    const one = timedLambda(RENDER_MS);
    let t = Date.now();
    await renderAll(r, [segment(0, 0, 10)]);
    const single = Date.now() - t;
    expect(one.maxRunning).toBe(1);

    server.resetHandlers();
    const eight = timedLambda(RENDER_MS);
    const segments = Array.from({ length: 8 }, (_, i) => segment(i, i * 10, i * 10 + 10));
    t = Date.now();
    await renderAll(r, segments);
    const parallel = Date.now() - t;
    expect(eight.maxRunning).toBe(8);
    expect(single).toBeGreaterThanOrEqual(RENDER_MS);
    // One at a time would take eight times as long; at once it is about one render's time.
    expect(parallel).toBeLessThan(single * 2);
    for (const s of segments) expect(fs.readFileSync(path.join(dir, `${s.index}.mp4`))).toEqual(MP4);
  });

  it("surfaces a failed segment as a RenderError, and a segment outside the video before calling Lambda", async () => {
    timedLambda(50, (id) => (id === "seg2" ? "Chunk 0 failed: delayRender() timed out" : null));
    const err = await renderAll(renderer(), [segment(0, 0, 10), segment(1, 10, 20), segment(2, 20, 30)]).catch(
      (e) => e,
    );
    expect(isRenderError(err, "lambda-failed")).toBe(true);
    expect(err.retryable).toBe(true);
    expect(err.message).toContain("delayRender() timed out");

    invocations = [];
    const p = props();
    const outside = await renderer()
      .renderSegment({
        props: p,
        segment: segment(0, p.durationInFrames - 2, p.durationInFrames + 5),
        outputPath: path.join(dir, "x.mp4"),
      })
      .catch((e) => e);
    expect(isRenderError(outside, "invalid-props")).toBe(true);
    expect(invocations).toHaveLength(0);
  });

  it("a download the bucket refuses is a RenderError too", async () => {
    server.use(
      lambda((p) =>
        p.type === "start"
          ? { type: "success", renderId: "r9", bucketName: BUCKET }
          : progress({ done: true, overallProgress: 1, outKey: "renders/r9/out.mp4", outBucket: BUCKET }),
      ),
      http.get(
        `https://${BUCKET}.s3.${REGION}.amazonaws.com/renders/r9/out.mp4`,
        () => new HttpResponse("<Error><Code>AccessDenied</Code></Error>", { status: 403 }),
      ),
    );
    const err = await renderer()
      .renderSegment({ props: props(), segment: segment(0, 0, 10), outputPath: path.join(dir, "x.mp4") })
      .catch((e) => e);
    expect(isRenderError(err, "lambda-failed")).toBe(true);
    expect(err.message).toContain("403");
  });
});
