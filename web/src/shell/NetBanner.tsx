/** Says plainly when the service cannot be reached, is in maintenance, or asks to slow down. */
import { useEffect, useState } from "react";
import { netState } from "../api.ts";
import { useStore } from "../lib/store.ts";

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [active]);
  return now;
}

function wait(seconds: number): string {
  return seconds < 90 ? `${seconds} s` : `about ${Math.round(seconds / 60)} min`;
}

export function NetBanner() {
  const state = useStore(netState);
  const [browserOffline, setBrowserOffline] = useState(!navigator.onLine);
  useEffect(() => {
    const on = () => setBrowserOffline(false);
    const off = () => setBrowserOffline(true);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  const now = useNow(Boolean(state.unavailable || state.rateLimited));
  let text: string | null = null;
  let kind = "warn";
  if (browserOffline || state.offline) {
    text =
      "You are offline: Docket cannot be reached. Changes you make now are not saved; they will be kept in the fields until you are back.";
    kind = "error";
  } else if (state.unavailable && state.unavailable.until > now - 5000) {
    const s = Math.max(0, Math.ceil((state.unavailable.until - now) / 1000));
    const message = state.unavailable.message;
    text = s > 0 && !/try again/i.test(message) ? `${message} Try again in ${wait(s)}.` : message;
  } else if (state.rateLimited && state.rateLimited.until > now) {
    const s = Math.ceil((state.rateLimited.until - now) / 1000);
    text = `Too many requests: Docket asks to wait ${wait(s)} before trying again.`;
  }
  if (!text) return null;
  return (
    <div className={`net-banner net-banner-${kind}`} role="alert">
      {text}
    </div>
  );
}
