import "server-only";
/**
 * Who is making a change and from where, carried through a request or a
 * worker's step without threading it through every service signature.
 * `withUser` sets it for every /api/v1 call; workers and scripts set their
 * own (`runAs`); anything else is the system.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ActorKind } from "./contract";

export interface ChangeContext {
  actorKind: ActorKind;
  actorId: string;
  actorEmail: string | null;
  /** "PATCH /api/v1/…", "worker:video", "seed"… */
  source: string;
  /** The screen the call came from, when the browser said. */
  screen: string | null;
}

const storage = new AsyncLocalStorage<ChangeContext>();

export const SYSTEM_CONTEXT: ChangeContext = {
  actorKind: "system",
  actorId: "system",
  actorEmail: null,
  source: "system",
  screen: null,
};

/** Runs `fn` with `ctx` as the author of every change it logs. */
export function runAs<R>(ctx: ChangeContext, fn: () => R): R {
  return storage.run(ctx, fn);
}

/** The system doing `source` (a worker, the seeder). */
export function systemContext(source: string): ChangeContext {
  return { ...SYSTEM_CONTEXT, source };
}

export function currentChangeContext(): ChangeContext {
  return storage.getStore() ?? SYSTEM_CONTEXT;
}

/** A screen path from the browser's header: a same-site path only, cut to 300 characters. */
export function screenFromHeader(value: string | null): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return null;
  return value.slice(0, 300);
}
