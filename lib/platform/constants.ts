/**
 * Business constants of the product spec (section 9), in one place.
 * Every value here is required exactly as the spec states it.
 */
export const AUTH_TOKEN_REFRESH_WINDOW_MS = 5 * 60 * 1000;
export const POPUP_CLOSED_DETECTION_DELAY_MS = 8_000;
export const POPUP_SIZE = { width: 500, height: 600 } as const;
export const STORAGE_POLL_INTERVAL_MS = 800;
export const LAZY_SCREEN_RETRIES = 3;
export const LAZY_SCREEN_RETRY_DELAY_MS = 1_000;
export const ERROR_TRACING_SAMPLE_RATE = 0.1;
export const PROFILE_FETCH_DELAY_MS = 1_000;
export const ALTERNATE_HOST_REDIRECT_TARGET = "/image-gen";

/** Cookie names the spec fixes (section 3). */
export const AUTH_TOKEN_COOKIE = "authToken";
export const USER_ID_COOKIE = "userId";

/** Firebase session cookies may live at most 14 days; we use the maximum. */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
