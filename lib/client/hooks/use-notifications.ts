/**
 * The header's notifications (lib/creation/notifications/contract.ts): polled every few seconds while a job of mine
 * runs, every half minute otherwise, and on focus. When something starts or finishes, the profile is refreshed too,
 * so the header's credit count follows a render's debit and a failure's refund (issue 21 item 8).
 */
import { useEffect, useRef } from "react";
import useSWR, { useSWRConfig } from "swr";
import { fetcher, type ApiClientError } from "@/lib/client/api";
import { NOTIFICATIONS_PATH, type NotificationsView } from "@/lib/creation/notifications/contract";
import { isProfileKey } from "./use-profile";
import { WORK_CHANGED_EVENT } from "./work-events";

/** While something runs: quick enough that "ready" lands within seconds of the render's end. */
export const NOTIFICATIONS_ACTIVE_POLL_MS = 3000;
/** Idle: work started in another tab or by a bulk batch still shows up. */
export const NOTIFICATIONS_IDLE_POLL_MS = 30_000;

/** What changes when work starts, progresses to its end, or finishes: the credits may have moved then. */
export function workSignature(view: NotificationsView | undefined): string | null {
  if (!view) return null;
  return `${view.active}|${view.items[0]?.id ?? ""}|${view.items.length}`;
}

export function useNotifications(enabled = true) {
  const { mutate } = useSWRConfig();
  const swr = useSWR<NotificationsView, ApiClientError>(enabled ? NOTIFICATIONS_PATH : null, fetcher, {
    refreshInterval: (view) => (view && view.active > 0 ? NOTIFICATIONS_ACTIVE_POLL_MS : NOTIFICATIONS_IDLE_POLL_MS),
    revalidateOnFocus: true,
    dedupingInterval: 1000,
  });
  const { mutate: revalidate } = swr;
  useEffect(() => {
    if (!enabled) return;
    // Work was just accepted or cancelled here: read now, and refresh the credits it moved.
    const onWork = () => {
      void revalidate();
      void mutate(isProfileKey);
    };
    window.addEventListener(WORK_CHANGED_EVENT, onWork);
    return () => window.removeEventListener(WORK_CHANGED_EVENT, onWork);
  }, [enabled, revalidate, mutate]);
  const signature = workSignature(swr.data);
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (signature === null) return;
    if (last.current !== null && last.current !== signature) void mutate(isProfileKey);
    last.current = signature;
  }, [signature, mutate]);
  return swr;
}
