/** Whether a CSS media query matches now, following its changes (a phone's width, a rotated screen). */
import { useSyncExternalStore } from "react";

export const PHONE = "(max-width: 720px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
