"use client";
/**
 * The template cards' live previews (on /create, /templates and the video
 * forms' template picker): load the Player only once a card is near the
 * viewport, play while it is pointed at or focused, and hold the first
 * scene's still frame otherwise and whenever the user asked for less motion.
 */
import { useEffect, useRef, useState } from "react";
import type { PlayerRef } from "@remotion/player";

/** True when the user asked for less motion: previews then hold a still frame. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/** A ref for an element and whether it has come within 200 px of the viewport (it stays true after). */
export function useVisible<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: "200px",
    });
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  return [ref, visible];
}

/** Plays the preview while `active` (and motion is welcome), else holds it at the first scene's still frame. */
export function usePreviewPlayback(
  props: { scenes: readonly { from?: number; stillFrame?: number }[] } | undefined,
  active: boolean,
  still: boolean,
) {
  const player = useRef<PlayerRef | null>(null);
  const stillFrame = props ? (props.scenes[0]?.from ?? 0) + (props.scenes[0]?.stillFrame ?? 0) : 0;
  useEffect(() => {
    const p = player.current;
    if (!p) return;
    if (active && !still) p.play();
    else {
      p.pause();
      p.seekTo(stillFrame);
    }
  }, [active, still, stillFrame]);
  return { player, stillFrame };
}
