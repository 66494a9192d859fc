import "server-only";
/**
 * Frames captured by our own loop on the page Remotion set up (the
 * `direct` step of frame-pipeline.ts). Remotion's renderFrames spends about
 * ten DevTools round trips on each frame (wait for readiness, set the frame,
 * wait again, fonts, the body's background, activate the tab, screenshot
 * with captureBeyondViewport, collect the audio assets); here a frame is one
 * Runtime.evaluate that sets the frame and resolves once the page is ready
 * (the same readiness Remotion waits for: no delayRender pending, fonts
 * loaded), then one Page.captureScreenshot of the viewport, which Remotion
 * sized to the composition. Measured by bench/frame-capture.ts: the same
 * JPEG bytes' pixels, 1.5–2× less time and CPU per frame.
 *
 * The page is the one renderFrames opened for its first frame; its
 * onFrameBuffer callback runs this loop before it returns, so Remotion keeps
 * the page (its props, its media proxy, its error handlers) open meanwhile.
 * The page is found among the browser's pages by a token given to it as an
 * environment variable (the browser is shared).
 */
import type { HeadlessBrowser } from "@remotion/renderer";
import { RenderError, toRenderError } from "./errors";

/** The part of Remotion's DevTools session used here (its `send` resolves to `{ value, size }`). */
interface Session {
  send(method: string, params?: object): Promise<{ value: Record<string, unknown> }>;
}
interface PageLike {
  url(): string;
  _client(): Session;
}

export const CAPTURE_TOKEN_VARIABLE = "PF_CAPTURE_TOKEN";

export interface DirectCaptureInput {
  browser: HeadlessBrowser;
  /** The value of PF_CAPTURE_TOKEN in the page's environment variables. */
  token: string;
  compositionId: string;
  frames: number[];
  width: number;
  height: number;
  jpegQuality: number;
  timeoutMs: number;
  /** True once the render is cancelled or failed: the loop stops before its next frame. */
  stopped: () => boolean;
  /** Called with each frame's JPEG, in order; capturing waits for its promise. */
  onFrame: (jpeg: Buffer, frame: number) => Promise<unknown> | unknown;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderError("timeout", `timed out after ${ms} ms ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function evaluate(session: Session, expression: string, ms: number, what: string): Promise<unknown> {
  const { value } = await withTimeout(
    session.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }),
    ms,
    what,
  );
  const details = value.exceptionDetails as
    | { text?: string; exception?: { description?: string; value?: unknown } }
    | undefined;
  if (details) {
    const message = details.exception?.description ?? String(details.exception?.value ?? details.text);
    // Classified as Remotion's own errors are (a delayRender timeout is a timeout, a failed load is media).
    throw toRenderError(new Error(`${what}: ${message}`));
  }
  return (value.result as { value?: unknown } | undefined)?.value;
}

/**
 * The page expression for one frame: set it, and resolve when Remotion's page
 * says it is ready (as seekToFrame waits). Ready must hold on two looks a
 * frame and a task apart: setFrame's own delayRender ends on the next
 * animation frame, before React's passive effects of the new frame have run,
 * and an OffthreadVideo asks for its picture in such an effect (its
 * delayRender comes after). Looking once there captured a clip's previous
 * picture under load (CI: tests/render/clips.test.ts).
 */
export function seekExpression(frame: number, compositionId: string): string {
  return `(async () => {
  window.remotion_setFrame(${JSON.stringify(frame)}, ${JSON.stringify(compositionId)}, 1);
  await new Promise((resolve, reject) => {
    let looks = 0;
    const check = () => {
      if (window.remotion_cancelledError !== undefined) reject(new Error(String(window.remotion_cancelledError)));
      else if (window.remotion_renderReady !== true) (looks = 0), requestAnimationFrame(check);
      else if (++looks >= 2) resolve();
      else setTimeout(() => requestAnimationFrame(check), 0);
    };
    requestAnimationFrame(check);
  });
  await document.fonts.ready;
})()`;
}

async function findPage(browser: HeadlessBrowser, token: string, timeoutMs: number): Promise<Session> {
  const pages = (await (browser as unknown as { pages(): Promise<PageLike[]> }).pages()).filter((p) =>
    /^https?:/.test(p.url()),
  );
  for (const page of pages) {
    const session = page._client();
    const env = await evaluate(
      session,
      "typeof window.remotion_envVariables === 'string' ? window.remotion_envVariables : ''",
      timeoutMs,
      "looking for the render's page",
    ).catch(() => "");
    if (typeof env === "string" && env.includes(token)) return session;
  }
  throw new RenderError("internal", "the render's page was not found among the browser's pages");
}

/** Captures `frames` in order on the render's page; each JPEG goes to `onFrame` before the next frame is set. */
export async function captureDirect(input: DirectCaptureInput): Promise<void> {
  if (input.frames.length === 0) return;
  const session = await findPage(input.browser, input.token, input.timeoutMs);
  // Remotion's own screenshot parameters (screenshot-task.js). Without captureBeyondViewport it is faster, but a
  // page whose content overflows the viewport (a transition sliding in) is then drawn differently: measured by
  // bench/frame-capture.ts and caught by direct-capture.test.ts.
  const shot = {
    format: "jpeg",
    quality: input.jpegQuality,
    clip: { x: 0, y: 0, width: input.width, height: input.height, scale: 1 },
    captureBeyondViewport: true,
    optimizeForSpeed: true,
    fromSurface: true,
  };
  for (const frame of input.frames) {
    if (input.stopped()) throw new RenderError("cancelled", "render cancelled");
    await evaluate(
      session,
      seekExpression(frame, input.compositionId),
      input.timeoutMs,
      `rendering the component at frame ${frame}`,
    );
    const { value } = await withTimeout(
      session.send("Page.captureScreenshot", shot),
      input.timeoutMs,
      `capturing frame ${frame}`,
    );
    if (typeof value.data !== "string") throw new RenderError("internal", `no picture for frame ${frame}`);
    await input.onFrame(Buffer.from(value.data, "base64"), frame);
  }
}
