import { type BusinessMessage, MESSAGE_COMMAND_WORDS } from '@portal/contract';
import { Empty, Tag } from 'antd';
import { formatDateTime } from '#web/shared/format.ts';

/**
 * A business's messages as a live log (the business page, the watch page): who said or did what,
 * a command marked as one, the time; a watcher's messages come without members' names.
 */
export function MessageLog({ messages, label }: { messages: readonly BusinessMessage[]; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; a keyboard user scrolls it only if it takes focus (WCAG 2.1.1)
    <div role="log" aria-live="polite" aria-label={label} className="run-log" tabIndex={0}>
      {messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有消息" />
      ) : (
        <ol>
          {messages.map((m) => (
            <li key={m.seq} className={m.type === 'cmd' ? 'run-command' : undefined}>
              <span className="run-who">
                {m.role_name}
                {m.user_name ? `·${m.user_name}` : ''}
              </span>
              {m.type === 'cmd' && (
                <Tag className="run-command-tag">{MESSAGE_COMMAND_WORDS[m.cmd] ?? m.cmd}</Tag>
              )}
              <time className="run-time" dateTime={m.create_time}>
                {formatDateTime(m.create_time).slice(11)}
              </time>
              <div className="run-text">{m.msg}</div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
