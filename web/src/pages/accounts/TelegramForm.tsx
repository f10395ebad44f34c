// Connecting a Telegram channel or group by bot: the token @BotFather gave and the chat
// the bot posts to (POST /v1/connect/telegram/auth). The service checks the bot and its
// rights there and says exactly what is missing; that sentence is shown as it is, under
// the field it is about (the token when Telegram does not know it, else the chat).
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { describedBy, Field } from '../../ui.tsx';

type Problem = { field: 'botToken' | 'chatId'; text: string };

export function TelegramForm(props: { profileId: string; onConnected: () => void }) {
  const [botToken, setBotToken] = useState('');
  const [chatId, setChatId] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [connected, setConnected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setConnected(null);
    const res = await api
      .POST('/v1/connect/telegram/auth', {
        params: { query: props.profileId ? { profileId: props.profileId } : {} },
        body: { botToken: botToken.trim(), chatId: chatId.trim() },
      })
      .finally(() => setBusy(false));
    if (res.error || !res.data) {
      const text = errorMessage(res.error);
      const aboutToken = res.response.status === 401 || /botToken|bot token/.test(text);
      setProblem({ field: aboutToken ? 'botToken' : 'chatId', text });
      return;
    }
    const i = res.data.integration;
    setProblem(null);
    setBotToken('');
    setConnected(`Connected ${i.displayName ?? i.username ?? chatId}.`);
    props.onConnected();
  };
  const messages = (field: Problem['field']) => (problem?.field === field ? [problem.text] : []);
  return (
    <form className="bluesky" onSubmit={submit} aria-labelledby="telegram-title">
      <h3 id="telegram-title">Telegram (bot token and chat)</h3>
      <p className="hint">
        Add your bot to the channel as an administrator allowed to post messages (in a group: as a member that
        may send messages), then give its token and the chat.
      </p>
      <Field id="tg-token" label="Bot token" messages={messages('botToken')}>
        <input
          id="tg-token"
          type="password"
          value={botToken}
          placeholder="123456789:AA…"
          onChange={(e) => setBotToken(e.target.value)}
          autoComplete="off"
          {...describedBy('tg-token', messages('botToken'))}
        />
      </Field>
      <Field id="tg-chat" label="Channel or group" messages={messages('chatId')}>
        <input
          id="tg-chat"
          value={chatId}
          placeholder="@channel or -100…"
          onChange={(e) => setChatId(e.target.value)}
          autoComplete="off"
          {...describedBy('tg-chat', messages('chatId'))}
        />
      </Field>
      <button type="submit" disabled={busy || !botToken.trim() || !chatId.trim()}>
        Connect Telegram
      </button>
      {connected ? <p role="status">{connected}</p> : null}
    </form>
  );
}
