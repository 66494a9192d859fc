"use client";
/** The subscription summary, loaded on demand with the lazy-screen retry policy. */
import { lazyScreen } from "@/lib/lazy/lazy-screen";

export const SubscriptionScreen = lazyScreen(() => import("./page-client"));
