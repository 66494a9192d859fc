/**
 * The server-timestamp sentinel: write it into a declared timestamp field and
 * the driver fills in the commit time (SQLite: the commit's clock; Firestore:
 * FieldValue.serverTimestamp()), so clients' clocks never decide ordering.
 */
export class ServerTimestamp {
  private readonly brand = "server-timestamp";
  toJSON(): string {
    throw new Error("serverTimestamp() must be resolved by a driver before it is serialised");
  }
}

const SENTINEL = new ServerTimestamp();

export function serverTimestamp(): ServerTimestamp {
  return SENTINEL;
}

export function isServerTimestamp(v: unknown): v is ServerTimestamp {
  return v instanceof ServerTimestamp;
}
