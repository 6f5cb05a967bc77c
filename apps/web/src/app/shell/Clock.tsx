import { CLOCK_REFRESH_MS } from '@portal/contract';
import { useEffect, useState } from 'react';
import { formatClock } from './clock.ts';

const now = () => {
  const c = formatClock(new Date());
  return `${c.time}|${c.weekday}|${c.date}`;
};

/** The live top-bar clock. Refreshes every 200 ms; re-renders only when the text changes. */
export function Clock() {
  const [text, setText] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setText(now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const [time, weekday, date] = text.split('|');
  return (
    <span className="shell-clock" data-testid="clock">
      <strong>{time}</strong>
      <span className="shell-wide">{weekday}</span>
      <span className="shell-wide">{date}</span>
    </span>
  );
}
