import "server-only";
/**
 * Where prompt testing meets the configured store and the process: route
 * handlers call `promptsRuntime()`, which seeds the starter prompts, the demo
 * suite and its run once per process, and starts the in-app prompt worker
 * (IN_APP_WORKER=0 leaves it to a standalone worker).
 */
import { getDb } from "@/lib/platform/db";
import { registerWorker, startInAppWorker } from "@/lib/platform/jobs/workers";
import { loadWriterLibrary } from "@/lib/creation/video/service/writer-library";
import { videoDeps } from "@/lib/creation/video/runtime";
import { keyedGrader } from "./grader";
import type { RunnerDeps } from "./runner";
import { ensurePromptDemo } from "./seed";
import type { PromptDeps } from "./service";
import { createPromptWorker, type PromptWorker } from "./worker";

let seeded: Promise<void> | null = null;

function ready(): Promise<void> {
  seeded ??= ensurePromptDemo(getDb()).catch((e) => {
    seeded = null;
    throw e;
  });
  return seeded;
}

export function promptDeps(): PromptDeps {
  return { db: getDb(), ready };
}

export function promptsRuntime(): PromptDeps {
  startPromptWorker();
  return promptDeps();
}

export function runnerDeps(): RunnerDeps {
  const video = videoDeps();
  return { db: video.db, loadWriterLibrary: () => loadWriterLibrary(video), grader: keyedGrader() };
}

registerWorker("prompts", (_s, o) => createPromptWorker({ db: getDb(), runner: runnerDeps(), ...o }));

export function startPromptWorker(): PromptWorker | null {
  return startInAppWorker<PromptWorker>("prompts");
}
