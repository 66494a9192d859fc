/**
 * What can go wrong inside the audio toolkit itself (reading WAV bytes, asking
 * for a music track that does not exist), in the same shape as lib/platform/ai's
 * errors: a code, whether trying again could help, and a sentence for people.
 */
export type AudioErrorCode = "invalid_wav" | "unsupported_wav" | "format_mismatch" | "unknown_track";

export class AudioError extends Error {
  readonly code: AudioErrorCode;
  /** Nothing here is transient: the same input fails the same way. */
  readonly retryable = false;

  constructor(code: AudioErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AudioError";
    this.code = code;
  }
}
