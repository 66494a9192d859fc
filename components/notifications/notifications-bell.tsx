"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Bell, BellRing, CheckCircle2, XCircle } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { useNotifications } from "@/lib/client/hooks/use-notifications";
import type { NotificationItem } from "@/lib/creation/notifications/contract";
import { cn } from "@/lib/platform/utils";

const PANEL_ID = "notifications-panel";
const seenKey = (uid: string) => `promptframe:notifications-seen:${uid}`;
const notifiedKey = (uid: string) => `promptframe:notifications-notified:${uid}`;

function readMark(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeMark(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the marks last for this page only.
  }
}

type Permission = NotificationPermission | "unsupported";

function currentPermission(): Permission {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * The header's bell: the long work of mine that finished lately (renders, exports, bulk batches), an unread count, a
 * link to each, and, once the person asks for it with the button in the panel, a desktop notification when something
 * finishes while the page is open. "Seen" is remembered in this browser (localStorage, per account).
 */
export function NotificationsBell() {
  const { profile } = useAuth();
  const uid = profile?.user_id ?? null;
  const router = useRouter();
  const { data } = useNotifications(uid !== null);
  const [open, setOpen] = React.useState(false);
  const [seen, setSeen] = React.useState<string | null>(null);
  const [permission, setPermission] = React.useState<Permission>("unsupported");
  const [announcement, setAnnouncement] = React.useState("");
  const wrapper = React.useRef<HTMLDivElement>(null);
  const button = React.useRef<HTMLButtonElement>(null);

  React.useEffect(() => setPermission(currentPermission()), []);

  const items = React.useMemo(() => data?.items ?? [], [data]);
  const newest = items[0]?.finished_at ?? "";

  // First look in this browser: what had finished before is not news. Afterwards the stored marks decide.
  React.useEffect(() => {
    if (!uid || !data) return;
    const stored = readMark(seenKey(uid));
    if (stored === null) {
      writeMark(seenKey(uid), newest);
      writeMark(notifiedKey(uid), newest);
      setSeen(newest);
    } else {
      setSeen(stored);
    }
  }, [uid, data, newest]);

  // Something finished since the last look: say it (screen readers) and, when allowed, as a desktop notification.
  React.useEffect(() => {
    if (!uid || !data) return;
    const notified = readMark(notifiedKey(uid));
    if (notified === null) return;
    const fresh = items.filter((i) => i.finished_at > notified);
    if (fresh.length === 0) return;
    writeMark(notifiedKey(uid), fresh[0]!.finished_at);
    setAnnouncement(fresh.map((i) => i.title).join(". "));
    if (currentPermission() !== "granted") return;
    for (const item of fresh.slice(0, 3)) {
      try {
        const n = new Notification(item.title, { body: "Open it in Promptframe.", tag: item.id });
        n.onclick = () => {
          window.focus();
          router.push(item.href);
          n.close();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the bell still shows it.
      }
    }
  }, [uid, data, items, router]);

  const unread = seen === null ? 0 : items.filter((i) => i.finished_at > seen).length;

  const markSeen = React.useCallback(() => {
    if (!uid) return;
    writeMark(seenKey(uid), newest);
    setSeen(newest);
  }, [uid, newest]);

  const close = React.useCallback(() => {
    setOpen(false);
    markSeen();
  }, [markSeen]);

  React.useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) close();
    };
    // Escape from anywhere (focus may have left the panel, e.g. when the permission button gave way to its answer).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      close();
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, close]);

  if (!uid) return null;

  const askPermission = async () => {
    if (!("Notification" in window)) return;
    setPermission(await Notification.requestPermission());
  };

  return (
    <div ref={wrapper} className="relative">
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={unread > 0 ? `Notifications, ${unread} new` : "Notifications"}
        onClick={() => (open ? close() : setOpen(true))}
        className="relative"
      >
        {unread > 0 ? (
          <BellRing aria-hidden="true" className="size-5" />
        ) : (
          <Bell aria-hidden="true" className="size-5" />
        )}
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-unread"
            className="absolute -top-0.5 -right-0.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-4 font-semibold text-white tabular-nums"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        ) : null}
      </Button>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div
        id={PANEL_ID}
        role="region"
        aria-label="Notifications"
        hidden={!open}
        className={cn(
          // On a phone the panel spans the screen under the header; from sm it hangs under the bell.
          "fixed inset-x-3 top-16 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border bg-popover p-3 text-popover-foreground shadow-xl",
          "sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96",
        )}
      >
        <div className="mb-2 flex items-center justify-between gap-2 px-1">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {data && data.active > 0 ? (
            <span className="text-xs text-muted-foreground">{data.active} in progress</span>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-1 py-4 text-sm text-muted-foreground">
            {data
              ? "Nothing has finished lately. When a render, an export or a bulk batch is done, it shows up here."
              : "Loading…"}
          </p>
        ) : (
          <ul className="space-y-1">
            {items.map((item) => (
              <NotificationRow
                key={item.id}
                item={item}
                unread={seen !== null && item.finished_at > seen}
                onOpen={close}
              />
            ))}
          </ul>
        )}
        <div className="mt-3 border-t px-1 pt-3 text-xs text-muted-foreground">
          {permission === "default" ? (
            <Button type="button" variant="outline" size="sm" onClick={() => void askPermission()}>
              <BellRing aria-hidden="true" />
              Turn on desktop notifications
            </Button>
          ) : permission === "granted" ? (
            <p>Desktop notifications are on: you hear of finished work while Promptframe is open.</p>
          ) : permission === "denied" ? (
            <p>Desktop notifications are blocked for this site in your browser&apos;s settings.</p>
          ) : (
            <p>This browser does not show desktop notifications; finished work appears here.</p>
          )}
        </div>
      </div>
    </div>
  );
}

function NotificationRow({ item, unread, onOpen }: { item: NotificationItem; unread: boolean; onOpen(): void }) {
  const Icon = item.outcome === "succeeded" ? CheckCircle2 : XCircle;
  return (
    <li>
      <Link
        href={item.href}
        onClick={onOpen}
        className={cn(
          "flex items-start gap-2 rounded-lg px-2 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
          unread && "bg-accent/60",
        )}
      >
        <Icon
          aria-hidden="true"
          className={cn(
            "mt-0.5 size-4 shrink-0",
            item.outcome === "succeeded" ? "text-emerald-600 dark:text-emerald-400" : "text-destructive",
          )}
        />
        <span className="min-w-0 flex-1">
          <span className="block break-words">{item.title}</span>
          <time dateTime={item.finished_at} className="text-xs text-muted-foreground">
            {timeFormat.format(new Date(item.finished_at))}
            {unread ? " · new" : ""}
          </time>
        </span>
      </Link>
    </li>
  );
}
