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
