// Moving a scheduled post to another time from its card (PATCH /v1/posts/scheduled/{id}),
// the time read and written in the post's own time zone.
import { useId, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { describedBy, Field, formatTime } from '../../ui.tsx';
import { wallClock } from '../compose/wallClock.ts';
import { plainMessage } from '../wording/messages.ts';

export function Reschedule(props: {
  postId: string;
  scheduledFor: string;
  timezone: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [at, setAt] = useState(wallClock(props.scheduledFor, props.timezone));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `reschedule-${useId().replace(/:/g, '')}`;
  const save = async () => {
    setBusy(true);
    setError(null);
    const res = await api.PATCH('/v1/posts/scheduled/{postId}', {
      params: { path: { postId: props.postId } },
      body: { scheduledFor: at, timezone: props.timezone },
    });
    setBusy(false);
    if (res.error) return setError(plainMessage(errorMessage(res.error)));
    const when = (res.data as { scheduledFor?: string } | undefined)?.scheduledFor;
    props.onDone(`Rescheduled to ${formatTime(when ?? at)}.`);
  };
  const errors = error ? [error] : [];
  return (
    <form
      className="reschedule"
      aria-label="Reschedule"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field id={id} label={`New date and time (${props.timezone})`} messages={errors}>
        <input
          id={id}
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          {...describedBy(id, errors)}
        />
      </Field>
      <div className="post-actions">
        <button type="submit" disabled={busy}>
          Save new time
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Keep the time
        </button>
      </div>
    </form>
  );
}
