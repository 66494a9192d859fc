"use client";
/** The subscription screen (plans, credits, usage history), loaded on demand with the lazy-screen retry policy. */
import { lazyScreen } from "@/components/shell/lazy-screen";

export const SubscriptionScreen = lazyScreen(() => import("./page-client"));
