/**
 * The one id pattern: Firebase uids and our generated document ids alike are
 * 1-128 characters of A-Z a-z 0-9 _ - (URL- and path-safe, never `.`/`..`).
 * Plain data with no server import, so contracts shared with the browser can use it.
 */
export const DOC_ID = /^[A-Za-z0-9_-]{1,128}$/;
