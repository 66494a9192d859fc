import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { POPUP_CLOSED_DETECTION_DELAY_MS, POPUP_SIZE, STORAGE_POLL_INTERVAL_MS } from "@/lib/platform/constants";
import { AuthError } from "./errors";
import { createPopupGuard, sizePopupFeatures, type PopupHost } from "./popup";

// What Firebase passes to window.open (see @firebase/auth `_open`).
const FIREBASE_FEATURES = "location=yes,resizable=yes,statusbar=yes,toolbar=no,width=800,height=800,top=0,left=0,";

function fakeWindow() {
  const popup = { closed: false, focus: jest.fn() };
  const calls: (string | undefined)[] = [];
  const originalOpen = (_url?: string | URL, _target?: string, features?: string) => {
    calls.push(features);
    return popup;
  };
  const host: PopupHost = { open: originalOpen, screen: { availWidth: 1500, availHeight: 1000 } };
  return { host, popup, calls, originalOpen };
}

/** A sign-in that opens the popup the way Firebase does and then waits. */
function firebaseLikeSignIn<T>(host: PopupHost) {
  let settle!: { resolve: (v: T) => void; reject: (e: unknown) => void };
  const signIn = () =>
    new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
      host.open("https://auth.example/handler", "popup-1", FIREBASE_FEATURES);
    });
  return { signIn, settle: () => settle };
}

function track<T>(promise: Promise<T>) {
  const state: { status: "pending" | "resolved" | "rejected"; value?: T; error?: unknown } = { status: "pending" };
  promise.then(
    (value) => Object.assign(state, { status: "resolved", value }),
    (error: unknown) => Object.assign(state, { status: "rejected", error }),
  );
  return state;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("sizePopupFeatures", () => {
  it("forces the spec's popup size and keeps Firebase's other features", () => {
    const features = sizePopupFeatures(FIREBASE_FEATURES, POPUP_SIZE);
    expect(features).toContain(`width=${POPUP_SIZE.width}`);
    expect(features).toContain(`height=${POPUP_SIZE.height}`);
    expect(features).not.toContain("width=800");
    expect(features).toContain("toolbar=no");
    expect(features).toContain("resizable=yes");
  });

  it("centres the popup when the screen size is known", () => {
    const features = sizePopupFeatures("", { width: 500, height: 600 }, { availWidth: 1500, availHeight: 1000 });
    expect(features).toBe("width=500,height=600,top=200,left=500");
  });
});

describe("createPopupGuard", () => {
  it("opens the popup at 500x600 and restores window.open afterwards", async () => {
    const { host, calls, originalOpen } = fakeWindow();
    const guard = createPopupGuard(host);
    const { signIn, settle } = firebaseLikeSignIn<string>(host);

    const result = track(guard.run(signIn));
    expect(calls[0]).toContain("width=500");
    expect(calls[0]).toContain("height=600");
    expect(guard.busy).toBe(true);

    settle().resolve("credential");
    await jest.advanceTimersByTimeAsync(0);
    expect(result).toMatchObject({ status: "resolved", value: "credential" });
    expect(host.open).toBe(originalOpen);
    expect(guard.busy).toBe(false);
  });

  it("refuses a second popup while one is open, and focuses the open one", async () => {
    const { host, popup } = fakeWindow();
    const guard = createPopupGuard(host);
    const first = firebaseLikeSignIn<string>(host);
    const firstResult = track(guard.run(first.signIn));

    const secondSignIn = jest.fn(() => Promise.resolve("second"));
    await expect(guard.run(secondSignIn)).rejects.toMatchObject({ code: "auth/cancelled-popup-request" });
    expect(secondSignIn).not.toHaveBeenCalled();
    expect(popup.focus).toHaveBeenCalled();
    expect(firstResult.status).toBe("pending");

    // Once the first popup is done, a new one may open.
    first.settle().reject(new Error("done"));
    await jest.advanceTimersByTimeAsync(0);
    await expect(guard.run(secondSignIn)).resolves.toBe("second");
  });

  it("rejects with popup-closed-by-user when the popup is closed and sign-in never settles", async () => {
    const { host, popup, originalOpen } = fakeWindow();
    const guard = createPopupGuard(host);
    const { signIn } = firebaseLikeSignIn<string>(host);
    const result = track(guard.run(signIn));

    await jest.advanceTimersByTimeAsync(STORAGE_POLL_INTERVAL_MS * 5);
    expect(result.status).toBe("pending");

    popup.closed = true;
    await jest.advanceTimersByTimeAsync(STORAGE_POLL_INTERVAL_MS);
    // Closed is noticed, but the sign-in gets the detection delay to finish.
    await jest.advanceTimersByTimeAsync(POPUP_CLOSED_DETECTION_DELAY_MS - 1);
    expect(result.status).toBe("pending");

    await jest.advanceTimersByTimeAsync(1);
    expect(result.status).toBe("rejected");
    expect(result.error).toBeInstanceOf(AuthError);
    expect(result.error).toMatchObject({ code: "auth/popup-closed-by-user" });
    expect(host.open).toBe(originalOpen);
    expect(guard.busy).toBe(false);
  });

  it("lets a sign-in that finishes just after the popup closed succeed", async () => {
    const { host, popup } = fakeWindow();
    const guard = createPopupGuard(host);
    const { signIn, settle } = firebaseLikeSignIn<string>(host);
    const result = track(guard.run(signIn));

    popup.closed = true;
    await jest.advanceTimersByTimeAsync(STORAGE_POLL_INTERVAL_MS + 1_000);
    settle().resolve("credential");
    await jest.advanceTimersByTimeAsync(POPUP_CLOSED_DETECTION_DELAY_MS);
    expect(result).toMatchObject({ status: "resolved", value: "credential" });
  });

  it("passes the provider's own error through, e.g. a blocked popup", async () => {
    const { host } = fakeWindow();
    const guard = createPopupGuard(host);
    const blocked = Object.assign(new Error("blocked"), { code: "auth/popup-blocked" });
    await expect(guard.run(() => Promise.reject(blocked))).rejects.toBe(blocked);
    expect(guard.busy).toBe(false);
  });
});
