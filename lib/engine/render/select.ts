import "server-only";
/**
 * The configured renderer, one per process: Remotion Lambda when
 * REMOTION_LAMBDA_FUNCTION is set (with REMOTION_LAMBDA_REGION,
 * REMOTION_SERVE_URL and AWS credentials, see LAMBDA.md), otherwise the
 * local renderer. RENDER_DRIVER=local|lambda forces one.
 */
import { RenderError } from "./errors";
import { LambdaRenderer, lambdaConfigFromEnv } from "./lambda-driver";
import { LocalRenderer } from "./local-driver";
import type { RenderDriver } from "./types";

let instance: RenderDriver | null = null;

export function rendererKind(env: Record<string, string | undefined> = process.env): "local" | "lambda" {
  const explicit = env.RENDER_DRIVER?.trim();
  if (explicit === "local" || explicit === "lambda") return explicit;
  if (explicit)
    throw new RenderError("lambda-not-configured", `RENDER_DRIVER must be "local" or "lambda", got "${explicit}"`, {
      retryable: false,
    });
  return env.REMOTION_LAMBDA_FUNCTION?.trim() ? "lambda" : "local";
}

export function getRenderer(): RenderDriver {
  if (instance) return instance;
  if (rendererKind() === "lambda") {
    const config = lambdaConfigFromEnv();
    if (!config)
      throw new RenderError(
        "lambda-not-configured",
        "RENDER_DRIVER=lambda needs REMOTION_LAMBDA_FUNCTION, REMOTION_LAMBDA_REGION and REMOTION_SERVE_URL",
        { retryable: false },
      );
    instance = new LambdaRenderer(config);
  } else {
    instance = new LocalRenderer();
  }
  return instance;
}

/** Closes the current renderer (its browser) and forgets it; the next getRenderer() makes a new one. */
export async function resetRenderer(): Promise<void> {
  const r = instance;
  instance = null;
  await r?.close();
}
