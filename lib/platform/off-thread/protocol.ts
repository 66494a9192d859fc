/** The messages between a pool (./pool.ts) and its workers (./serve.ts). */
export interface OffThreadRequest {
  id: number;
  task: string;
  input: unknown;
}

export interface SerializedError {
  name: string;
  message: string;
  /** The error's own plain fields (code, reason, issues…), so the caller can rebuild it. */
  fields: Record<string, unknown>;
}

export type OffThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };
