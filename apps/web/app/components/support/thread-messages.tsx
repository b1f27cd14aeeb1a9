import { shopDayTime } from '../../lib/dates';
interface Message {
  id: string;
  author: 'customer' | 'staff';
  authorName: string;
  body: string;
  createdAt: string;
}

const when = shopDayTime;

/** A conversation's messages in order; `ownSide` is the side of whoever reads it, shown on the right. */
export function ThreadMessages({ messages, ownSide }: { messages: Message[]; ownSide: Message['author'] }) {
  return (
    <ol className="mt-6 space-y-4" aria-label="Messages">
      {messages.map((message) => {
        const own = message.author === ownSide;
        return (
          <li key={message.id} className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
            <article
              className={`max-w-[85%] rounded-2xl px-4 py-3 shadow-sm ${own ? 'bg-brand-soft' : 'bg-white'}`}
              aria-label={`${message.author === 'staff' ? `${message.authorName}, Base support` : message.authorName}, ${when(message.createdAt)}`}
            >
              <p className="text-xs font-semibold text-muted">
                {message.author === 'staff' ? `${message.authorName}, Base support` : message.authorName} · {when(message.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** The text area of a reply, with its error tied to it. */
export function ReplyField({ id, error, label = 'Your reply' }: { id: string; error: string | undefined; label?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name="body"
        rows={5}
        required
        maxLength={5000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 ${
          error ? 'border-danger' : 'border-slate-300'
        }`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
