import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `until` (ms timestamps), never below 0. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** `29分05秒`, `45秒`, `1小时02分` or `2天23小时` (a bank transfer's days): how long an unpaid order still waits. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h >= 24) return `${Math.floor(h / 24)}天${h % 24}小时`;
  if (h > 0) return `${h}小时${pad(m)}分`;
  if (m > 0) return `${m}分${pad(sec)}秒`;
  return `${sec}秒`;
}

/** Seconds until an ISO time, from `now` (ms); 0 when it is past or not a time. */
export function secondsUntil(iso: string, now: number): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : secondsLeft(t, now);
}

/** The current time, re-read every `ms` while `active`. */
export function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return now;
}

/** A resend countdown: `start(seconds)`, then `left` counts down to 0 once a second. */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const now = useNow(until !== null);
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (until !== null && left === 0) setUntil(null);
  }, [until, left]);
  return { left, start: (seconds: number) => setUntil(Date.now() + seconds * 1000) };
}
