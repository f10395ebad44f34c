// Instagram direct messages: the conversations of each connected Instagram account
// (GET /v1/messages), most recently active first, unread while their last message is
// the other person's and newer than what was seen here; one opened shows its
// messages (GET /v1/messages/{id}) with a reply box (POST /v1/messages).
import { useState } from 'react';
import { api, errorMessage, ok } from '../../api/client.ts';
import { formatTime, Loaded, useLoad } from '../../ui.tsx';
import { useBrand } from '../accounts/BrandFilter.tsx';
import { isSeen, markSeen } from './seen.ts';

interface Conversation {
  id: string;
  participants: { id: string; name: string | null; username: string | null }[];
  lastMessage: {
    id: string;
    text: string | null;
    from: { id: string | null; name: string | null };
    timestamp: string;
  } | null;
  updatedTime: string;
}

interface Item {
  conversation: Conversation;
  accountId: string;
  account: string;
  selfId: string;
}

async function loadConversations(
  profileId: string,
): Promise<{ items: Item[]; problems: string[]; accounts: number }> {
  const { integrations } = await ok(
    api.GET('/v1/connect/integrations', {
      params: {
        query: {
          platform: 'instagram',
          limit: 100,
          offset: 0,
          sort: 'asc',
          ...(profileId ? { profileId } : {}),
        },
      },
    }),
  );
  const items: Item[] = [];
  const problems: string[] = [];
  await Promise.all(
    integrations.map(async (i) => {
      const res = await api.GET('/v1/messages', {
        params: { query: { platform: 'instagram', accountId: i.id, limit: 20 } },
      });
      const account = i.username ?? i.displayName ?? i.id;
      if (!res.data) return problems.push(`${account}: ${errorMessage(res.error)}`);
      for (const conversation of res.data.conversations)
        items.push({ conversation, accountId: i.id, account, selfId: res.data.selfId });
    }),
  );
  items.sort((a, b) => b.conversation.updatedTime.localeCompare(a.conversation.updatedTime));
  return { items, problems, accounts: integrations.length };
}

const nameOf = (c: Conversation) =>
  c.participants.map((p) => p.username ?? p.name ?? p.id).join(', ') || 'Someone';
const unreadOf = (item: Item) =>
  item.conversation.lastMessage !== null &&
  item.conversation.lastMessage.from.id !== item.selfId &&
  !isSeen(item.conversation.id, item.conversation.updatedTime);

export function Conversations() {
  const brand = useBrand();
  const load = useLoad(() => loadConversations(brand), [brand]);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Loaded
      load={load}
      label="conversations"
      minHeight={240}
      isEmpty={(d) => d.items.length === 0 && d.problems.length === 0}
      empty={
        <p>No Instagram conversations. Messages people send to a connected Instagram account appear here.</p>
      }
    >
      {(d) => (
        <>
          <div className="inbox-bar">
            <span role="status">
              {d.items.length} conversation{d.items.length === 1 ? '' : 's'},{' '}
              {d.items.filter(unreadOf).length} unread
            </span>
            <button type="button" className="secondary" onClick={load.reload}>
              Refresh
            </button>
          </div>
          {d.problems.map((p) => (
            <p key={p} className="warning-text">
              {p}
            </p>
          ))}
          <ul className="inbox-list">
            {d.items.map((item) => {
              const c = item.conversation;
              const unread = unreadOf(item);
              const isOpen = open === c.id;
              return (
                <li key={c.id} className={`card inbox-item${unread ? ' inbox-unread' : ''}`}>
                  <div className="inbox-head">
                    {unread ? <span className="badge badge-unread">New</span> : null}
                    <strong>{nameOf(c)}</strong>
                    <span className="hint">
                      to {item.account} · {formatTime(c.updatedTime)}
                    </span>
                  </div>
                  <p className="inbox-text">{c.lastMessage?.text ?? '(no text)'}</p>
                  <button
                    type="button"
                    className="secondary"
                    aria-expanded={isOpen}
                    onClick={() => {
                      markSeen([{ id: c.id, version: c.updatedTime }]);
                      setOpen(isOpen ? null : c.id);
                    }}
                  >
                    {isOpen ? 'Close' : 'Open'}
                    <span className="visually-hidden"> the conversation with {nameOf(c)}</span>
                  </button>
                  {isOpen ? <Thread item={item} onSent={load.reload} /> : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Loaded>
  );
}

function Thread(props: { item: Item; onSent: () => void }) {
  const { conversation, accountId, selfId } = props.item;
  const messages = useLoad(
    () =>
      ok(
        api.GET('/v1/messages/{conversationId}', {
          params: {
            path: { conversationId: conversation.id },
            query: { platform: 'instagram', accountId, limit: 25 },
          },
        }),
      ),
    [conversation.id, accountId],
  );
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const recipient = conversation.participants[0];
  const send = async () => {
    if (!recipient) return;
    setMessage('');
    try {
      await ok(
        api.POST('/v1/messages', {
          body: { platform: 'instagram', accountId, recipientId: recipient.id, text },
        }),
      );
      setText('');
      setMessage('Sent.');
      messages.reload();
      props.onSent();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };
  const id = `m-${conversation.id}`;
  return (
    <div className="inbox-thread">
      <Loaded load={messages} label="the messages" minHeight={120}>
        {(d) => (
          <ol className="inbox-messages" aria-label={`Messages with ${nameOf(conversation)}`}>
            {[...d.messages]
              .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
              .map((m) => (
                <li key={m.id} className={m.from?.id === selfId ? 'msg-own' : 'msg-theirs'}>
                  <span className="visually-hidden">
                    {m.from?.id === selfId ? 'You' : (m.from?.name ?? 'They')}:{' '}
                  </span>
                  {m.text ?? '(no details)'}
                  <span className="hint"> {formatTime(m.timestamp)}</span>
                </li>
              ))}
          </ol>
        )}
      </Loaded>
      <form
        className="inbox-reply"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={`${id}-reply`}>Reply to {nameOf(conversation)}</label>
        <textarea id={`${id}-reply`} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" disabled={!text.trim() || !recipient}>
          Send message
        </button>
        <p className="action-message" role="status">
          {message}
        </p>
      </form>
    </div>
  );
}
