/**
 * Guard around the identity provider's popup (spec sections 4 and 9):
 * only one popup at a time, a 500x600 window, and a popup the user closes
 * always ends in `auth/popup-closed-by-user` instead of a sign-in that hangs.
 *
 * Firebase opens its popup with `window.open`; for the duration of one
 * sign-in the guard wraps `open` to fix the window size and keep the handle,
 * then restores it.
 */
import { POPUP_CLOSED_DETECTION_DELAY_MS, POPUP_SIZE, STORAGE_POLL_INTERVAL_MS } from "@/lib/platform/constants";
import { AuthError } from "./errors";

export interface PopupWindow {
  readonly closed: boolean;
  focus(): void;
}

type OpenFn = (url?: string | URL, target?: string, features?: string) => PopupWindow | null;

/** The part of `window` the guard uses; a fake in tests. */
export interface PopupHost {
  open: OpenFn;
  screen?: { availWidth: number; availHeight: number };
}

export interface PopupSize {
  width: number;
  height: number;
}

/**
 * Returns `features` (a `window.open` features string) with the popup's
 * width and height set to `size`, centred on `screen` when it is known.
 * Other features are kept as they were.
 */
export function sizePopupFeatures(
  features: string | undefined,
  size: PopupSize = POPUP_SIZE,
  screen?: { availWidth: number; availHeight: number },
): string {
  const entries = new Map<string, string>();
  for (const part of (features ?? "").split(",")) {
    const [rawKey, ...rest] = part.split("=");
    const key = rawKey?.trim().toLowerCase();
    if (key) entries.set(key, rest.join("=").trim());
  }
  entries.set("width", String(size.width));
  entries.set("height", String(size.height));
  if (screen) {
    entries.set("top", String(Math.max(Math.round((screen.availHeight - size.height) / 2), 0)));
    entries.set("left", String(Math.max(Math.round((screen.availWidth - size.width) / 2), 0)));
  }
  return [...entries].map(([key, value]) => (value ? `${key}=${value}` : key)).join(",");
}

function isClosed(popup: PopupWindow): boolean {
  try {
    return popup.closed;
  } catch {
    // Some browsers throw while the popup is on another origin; that means open.
    return false;
  }
}

export interface PopupGuard {
  /**
   * Runs one popup sign-in. Rejects with `auth/cancelled-popup-request` while
   * another runs, and with `auth/popup-closed-by-user` when the popup was
   * closed and `signIn` has not settled POPUP_CLOSED_DETECTION_DELAY_MS later.
   */
  run<T>(signIn: () => Promise<T>): Promise<T>;
  readonly busy: boolean;
}

export function createPopupGuard(host: PopupHost, size: PopupSize = POPUP_SIZE): PopupGuard {
  let current: { popup: PopupWindow | null } | null = null;

  function run<T>(signIn: () => Promise<T>): Promise<T> {
    if (current) {
      try {
        current.popup?.focus();
      } catch {
        // Focusing is a courtesy; the rejection below is what matters.
      }
      return Promise.reject(new AuthError("auth/cancelled-popup-request"));
    }

    const session: { popup: PopupWindow | null } = { popup: null };
    current = session;
    const originalOpen = host.open;
    // Only the first window opened during the sign-in is the popup.
    const sizedOpen: OpenFn = (url, target, features) => {
      if (session.popup) return originalOpen.call(host, url, target, features);
      const popup = originalOpen.call(host, url, target, sizePopupFeatures(features, size, host.screen));
      session.popup = popup;
      return popup;
    };
    host.open = sizedOpen;

    return new Promise<T>((resolve, reject) => {
      let settled = false;
      let closedTimer: ReturnType<typeof setTimeout> | undefined;

      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        if (closedTimer !== undefined) clearTimeout(closedTimer);
        if (host.open === sizedOpen) host.open = originalOpen;
        if (current === session) current = null;
        settle();
      };

      const poll = setInterval(() => {
        if (!session.popup || !isClosed(session.popup)) return;
        clearInterval(poll);
        // The popup can close just before the provider's answer arrives;
        // give the sign-in time to finish before calling it cancelled.
        closedTimer = setTimeout(
          () => finish(() => reject(new AuthError("auth/popup-closed-by-user"))),
          POPUP_CLOSED_DETECTION_DELAY_MS,
        );
      }, STORAGE_POLL_INTERVAL_MS);

      let pending: Promise<T>;
      try {
        pending = signIn();
      } catch (error) {
        pending = Promise.reject(error);
      }
      // Also absorbs a late rejection after the guard has already given up.
      pending.then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  return {
    run,
    get busy() {
      return current !== null;
    },
  };
}
