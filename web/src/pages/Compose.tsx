// Composing a post: text, per-platform text and options, media by URL or upload,
// now, at a time in a chosen zone, or in the next slot of the posting queue; repeated
// or not; or kept as a draft to finish later (?draft=… opens one again, ?edit=… a
// scheduled post). While the person types, the body is sent to
// POST /v1/posts/validate and every message the API gives is shown beside its field:
// the dashboard holds no copy of the platforms' rules.
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  api,
  errorMessage,
  type Integration,
  ok,
  PLATFORM_LABELS,
  type PlatformName,
  type Problem,
  type Schemas,
} from '../api/client.ts';
import { navigate, useLocation } from '../router.ts';
import {
  browserZone,
  describedBy,
  Field,
  Link,
  Loaded,
  PageHeader,
  TimeZoneSelect,
  useLoad,
} from '../ui.tsx';
import { AccountLabel, accountTitle, SandboxBadge } from './accounts/AccountLabel.tsx';
import { useAccounts } from './accounts/useAccounts.ts';
import { AiTools } from './ai/AiTools.tsx';
import { type Conversion, MediaConversions } from './compose/MediaConversions.tsx';
import { OptionsPanel } from './compose/OptionsPanel.tsx';
import { TargetCounter } from './compose/TargetCounter.tsx';
import { MediaEditor, type MediaRow } from './Media.tsx';
import { OptionFields, type Options, optionSchema, useOptionSchemas } from './OptionFields.tsx';
import { DraftSaved, savedDrafts } from './planning/DraftSaved.tsx';
import { QueueConfirm } from './planning/QueueConfirm.tsx';
import { calendarAt, loadProfiles, queueOwnerOf } from './planning/queues.ts';
import { NO_REPEAT, RepeatFields, repeatBody, repeatOf } from './planning/RepeatFields.tsx';
import { PlatformPreview } from './previews/PlatformPreview.tsx';
import { plainMessage } from './wording/messages.ts';

interface TextLength {
  target: number;
  platform: string;
  length: number;
  limit: number;
  unit: string;
}

interface ValidationAnswer {
  valid: boolean;
  problems: {
    scope: string;
    target: number | null;
    platform: string | null;
    field: string | null;
    message: string;
  }[];
}

interface TargetDraft {
  accountId: string;
  platform: PlatformName;
  override: string | null;
  options: Options;
}

export interface Placed {
  form: string[];
  content: string[];
  media: string[];
  schedule: string[];
  /** Of the recurrence and its variants. */
  repeat: string[];
  /** The first comment's problems, each naming its platform (its length rule differs per platform). */
  firstComment: string[];
  /** By target index: messages of the card, of its text, and of each option. */
  targets: Record<number, { card: string[]; content: string[]; options: Record<string, string[]> }>;
}

const emptyPlaced = (): Placed => ({
  form: [],
  content: [],
  media: [],
  schedule: [],
  repeat: [],
  firstComment: [],
  targets: {},
});
const REPEAT_MESSAGE = /^(recurrence|variants)/;

/** Where each message of a validation answer (or of a 400 message) belongs on the form. */
export function placeMessages(
  problems: ValidationAnswer['problems'],
  targets: readonly { override: string | null }[],
): Placed {
  const out = emptyPlaced();
  for (const p of problems) {
    // Each message once, in the manager's words (option labels, local times).
    const push = (list: string[], m: string) => {
      const plain = plainMessage(m);
      if (!list.includes(plain)) list.push(plain);
    };
    if (p.scope === 'schedule') push(out.schedule, p.message);
    else if (p.target === null && REPEAT_MESSAGE.test(p.message)) push(out.repeat, p.message);
    else if (p.target === null) push(p.field === 'mediaItems' ? out.media : out.content, p.message);
    else {
      const t = out.targets[p.target] ?? { card: [], content: [], options: {} };
      out.targets[p.target] = t;
      const bare = plainMessage(p.message.replace(/^platforms\[\d+\] \([a-z]+\): /, ''));
      const option = p.field?.startsWith('platformSpecificData.') ? p.field.slice(21) : null;
      if (option) t.options[option] = [...(t.options[option] ?? []), bare];
      else if (p.field === 'firstComment')
        push(out.firstComment, `${PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform}: ${bare}`);
      else if (p.field === 'content' && targets[p.target]?.override !== null) t.content.push(bare);
      // The shared text's problem is shown once, beside the text, naming the platform.
      else if (p.field === 'content')
        push(out.content, `${PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform}: ${bare}`);
      else t.card.push(bare);
    }
  }
  return out;
}

/** A 400 answer's message (`a; b; c`, each naming its field) as problems to place. */
export function problemsOfMessage(message: string): ValidationAnswer['problems'] {
  return message.split('; ').map((m) => {
    const t =
      /^platforms\[(\d+)\](?: \(([a-z]+)\):)?\.?\s*(platformSpecificData(?:\.[A-Za-z]+)?|content|firstComment)?/.exec(
        m,
      );
    if (t)
      return {
        scope: 'target',
        target: Number(t[1]),
        platform: t[2] ?? null,
        field: t[3] ?? null,
        message: m,
      };
    if (/^(scheduledFor|timezone|publishNow|either publishNow|give either)/.test(m))
      return { scope: 'schedule', target: null, platform: null, field: null, message: m };
    if (REPEAT_MESSAGE.test(m))
      return { scope: 'post', target: null, platform: null, field: null, message: m };
    if (/^mediaItems/.test(m))
      return { scope: 'post', target: null, platform: null, field: 'mediaItems', message: m };
    if (/^content/.test(m))
      return { scope: 'post', target: null, platform: null, field: 'content', message: m };
    return { scope: 'form', target: null, platform: null, field: null, message: m };
  });
}

/** The wall-clock `YYYY-MM-DDTHH:MM` of an instant in a zone (for the datetime-local input). */
export function wallClock(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const nextHour = () => {
  const d = new Date(Date.now() + 2 * 3600_000);
  d.setMinutes(0, 0, 0);
  return d.toISOString();
};

/** What the form works on: a new post, a scheduled post (edited with PUT), or a draft. */
export type ComposeKind = 'new' | 'scheduled' | 'draft';
const TITLES: Record<ComposeKind, string> = {
  new: 'Compose',
  scheduled: 'Edit scheduled post',
  draft: 'Edit draft',
};

export default function Compose() {
  const here = useLocation();
  const draftId = here.searchParams.get('draft');
  const editId = here.searchParams.get('edit') ?? draftId;
  const kind: ComposeKind = draftId ? 'draft' : editId ? 'scheduled' : 'new';
  const profiles = useLoad(loadProfiles, []);
  const integrations = useLoad(
    () =>
      ok(api.GET('/v1/connect/integrations', { params: { query: { limit: 100, offset: 0, sort: 'asc' } } })),
    [],
  );
  const editing = useLoad(
    () =>
      editId
        ? ok(api.GET('/v1/posts/{postId}', { params: { path: { postId: editId } } }))
        : Promise.resolve(null),
    [editId],
  );
  return (
    <>
      <PageHeader title={TITLES[kind]} />
      <Loaded
        load={integrations}
        label="connected accounts"
        minHeight={480}
        isEmpty={(d) => d.integrations.length === 0}
        empty={
          <p>
            No connected accounts yet. <Link to="/integrations">Connect an account</Link> to publish to it.
          </p>
        }
      >
        {(d) => (
          <Loaded load={editing} label="the post" minHeight={480}>
            {(post) => (
              <ComposeForm
                key={post?.post.postId ?? 'new'}
                kind={kind}
                integrations={d.integrations}
                profiles={profiles.state === 'ready' ? profiles.data : []}
                post={post?.post ?? null}
              />
            )}
          </Loaded>
        )}
      </Loaded>
    </>
  );
}

interface RawBody {
  content?: string;
  firstComment?: string;
  mediaItems?: MediaRow[];
  platforms?: {
    platform: PlatformName;
    accountId: string;
    content?: string;
    platformSpecificData?: Options;
  }[];
}

/** The post's current targets, with each one's options from the stored request (the post does not repeat them). */
function targetsOf(post: Schemas['Post'] | null): TargetDraft[] {
  if (!post) return [];
  const raw = (post.rawRequestBody ?? {}) as RawBody;
  const options = new Map((raw.platforms ?? []).map((t) => [t.accountId, t.platformSpecificData ?? {}]));
  return post.platforms.map((t) => ({
    accountId: t.integrationId,
    platform: t.platform as PlatformName,
    override: t.content,
    options: options.get(t.integrationId) ?? {},
  }));
}

function ComposeForm(props: {
  kind: ComposeKind;
  integrations: Integration[];
  profiles: { id: string; name: string }[];
  post: Schemas['Post'] | null;
}) {
  const { kind } = props;
  const raw = (props.post?.rawRequestBody ?? {}) as RawBody & Parameters<typeof repeatOf>[0];
  const [content, setContent] = useState(props.post?.content ?? '');
  // The text's messages wait for the person to write it (or to send): an empty form is not an error.
  const [touched, setTouched] = useState(props.post !== null);
  const [firstComment, setFirstComment] = useState(props.post?.firstComment ?? raw.firstComment ?? '');
  const [media, setMedia] = useState<MediaRow[]>(
    props.post?.mediaItems.map((m) => ({ type: m.type, url: m.url })) ?? [],
  );
  const [targets, setTargets] = useState<TargetDraft[]>(() => targetsOf(props.post));
  const [repeat, setRepeat] = useState(() => (kind === 'draft' ? repeatOf(raw) : NO_REPEAT));
  // The answer of the save that opened this draft, handed over by the form before it.
  const [saved, setSaved] = useState<Problem[] | null>(() =>
    props.post ? (savedDrafts.get(props.post.postId) ?? null) : null,
  );
  useEffect(() => {
    if (props.post) savedDrafts.delete(props.post.postId);
  }, [props.post]);
  const [queueing, setQueueing] = useState(false);
  const [when, setWhen] = useState<'now' | 'later'>(props.post ? 'later' : 'now');
  const [timezone, setTimezone] = useState(props.post?.timezone ?? browserZone);
  const [at, setAt] = useState(
    wallClock(props.post?.scheduledFor ?? nextHour(), props.post?.timezone ?? browserZone),
  );
  const [placed, setPlaced] = useState<Placed>(emptyPlaced());
  const [lengths, setLengths] = useState<TextLength[]>([]);
  const [conversions, setConversions] = useState<Conversion[]>([]);
  const [checking, setChecking] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const schemas = useOptionSchemas();
  const boards = usePinterestBoards(targets);
  // The accounts as the service knows them now (a revoked one shows it), else as loaded.
  const fresh = useAccounts();
  const integrations = useMemo(
    () => props.integrations.map((i) => fresh?.get(i.id) ?? i),
    [props.integrations, fresh],
  );
  const byId = useMemo(() => new Map(integrations.map((i) => [i.id, i])), [integrations]);

  // The post without its time: a draft's body, and what the other ways of publishing add a time to.
  const draftBody = useMemo(
    () => ({
      content,
      ...(media.length ? { mediaItems: media.map((m) => ({ type: m.type, url: m.url })) } : {}),
      platforms: targets.map((t) => ({
        platform: t.platform,
        accountId: t.accountId,
        ...(t.override !== null ? { content: t.override } : {}),
        ...(Object.keys(t.options).length ? { platformSpecificData: t.options } : {}),
      })),
      timezone,
      ...(firstComment.trim() ? { firstComment } : {}),
      ...(kind === 'scheduled' ? {} : repeatBody(repeat)),
    }),
    [content, firstComment, media, targets, timezone, repeat, kind],
  );
  const time = useMemo(
    () => (when === 'now' ? { publishNow: true } : { scheduledFor: at, timezone }),
    [when, at, timezone],
  );
  const body = useMemo(() => ({ ...draftBody, ...time }), [draftBody, time]);

  // Ask the API, a moment after the last keystroke; an older answer never replaces a newer one.
  const seq = useRef(0);
  useEffect(() => {
    if (targets.length === 0) {
      setPlaced(emptyPlaced());
      setLengths([]);
      return;
    }
    const n = ++seq.current;
    setChecking(true);
    const timer = setTimeout(async () => {
      const res = await api.POST('/v1/posts/validate', { body: body as never }).catch(() => null);
      if (n !== seq.current) return;
      setChecking(false);
      if (!res)
        return setPlaced({ ...emptyPlaced(), form: ['The service could not be reached to check the post.'] });
      if (res.data) {
        setPlaced(placeMessages(res.data.problems, targets));
        setLengths(res.data.textLengths);
        setConversions(res.data.conversions ?? []);
      } else setPlaced(placeMessages(problemsOfMessage(errorMessage(res.error)), targets));
    }, 350);
    return () => clearTimeout(timer);
  }, [body, targets]);

  const toggle = (i: Integration) => {
    setTargets((ts) =>
      ts.some((t) => t.accountId === i.id)
        ? ts.filter((t) => t.accountId !== i.id)
        : [...ts, { accountId: i.id, platform: i.platform as PlatformName, override: null, options: {} }],
    );
  };
  const update = (index: number, patch: Partial<TargetDraft>) =>
    setTargets((ts) => ts.map((t, i) => (i === index ? { ...t, ...patch } : t)));

  /** Sends one of the form's requests; a refusal is shown beside the fields it names. */
  const send = async (request: () => Promise<void>) => {
    setTouched(true);
    setBusy(true);
    setSubmitError(null);
    try {
      await request();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setSubmitError(message);
      setPlaced(placeMessages(problemsOfMessage(message), targets));
    } finally {
      setBusy(false);
    }
  };
  const postId = props.post?.postId;
  // A draft's edits are saved before it is scheduled, so what is published is what the form shows.
  const putDraft = (id: string) =>
    ok(api.PUT('/v1/posts/drafts/{postId}', { params: { path: { postId: id } }, body: draftBody as never }));
  const scheduleDraft = (
    id: string,
    how: { publishNow?: boolean; scheduledFor?: string; timezone?: string; queue?: boolean },
  ) => ok(api.POST('/v1/posts/{postId}/schedule', { params: { path: { postId: id } }, body: how }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(async () => {
      if (kind === 'scheduled' && postId) {
        await ok(
          api.PUT('/v1/posts/scheduled/{postId}', {
            params: { path: { postId } },
            body: {
              ...(body as never as { content: string; platforms: never[] }),
              // An emptied field removes the post's first comment.
              ...(firstComment.trim() ? {} : { firstComment: null }),
              scheduledFor: at,
              timezone,
            },
          }),
        );
      } else if (kind === 'draft' && postId) {
        await putDraft(postId);
        await scheduleDraft(postId, time);
      } else {
        await ok(api.POST('/v1/posts', { body: body as never }));
      }
      navigate(when === 'later' ? '/calendar' : '/posts');
    });
  };

  const saveDraft = () =>
    send(async () => {
      if (kind === 'draft' && postId) {
        setSaved((await putDraft(postId)).problems ?? []);
        return;
      }
      const answer = await ok(api.POST('/v1/posts', { body: { ...draftBody, draft: true } as never }));
      // The new draft's own address, so a reload or a bookmark opens it again.
      savedDrafts.set(answer.postId, answer.problems ?? []);
      navigate(`/compose?draft=${encodeURIComponent(answer.postId)}`, { replace: true });
    });

  const addToQueue = () =>
    send(async () => {
      let answer: { scheduledFor?: string };
      if (kind === 'draft' && postId) {
        await putDraft(postId);
        answer = await scheduleDraft(postId, { queue: true });
      } else answer = await ok(api.POST('/v1/posts', { body: { ...draftBody, queue: true } as never }));
      navigate(answer.scheduledFor ? calendarAt(answer.scheduledFor) : '/calendar');
    });

  const contentMessages = touched ? placed.content : [];
  const hasProblems =
    placed.form.length +
      contentMessages.length +
      placed.media.length +
      placed.schedule.length +
      placed.repeat.length +
      placed.firstComment.length >
      0 ||
    Object.values(placed.targets).some(
      (t) => t.card.length + t.content.length + Object.keys(t.options).length > 0,
    );

  return (
    <form className="compose" onSubmit={submit} noValidate>
      <div className="compose-main">
        <Field
          id="content"
          label="Text"
          messages={contentMessages}
          hint={<Counters lengths={lengths.filter((l) => targets[l.target]?.override === null)} />}
        >
          <textarea
            id="content"
            rows={5}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setTouched(true);
            }}
            {...describedBy('content', contentMessages, true)}
          />
        </Field>
        <AiTools
          content={content}
          platforms={[...new Set(targets.map((t) => t.platform))]}
          onText={setContent}
          onImage={(m) => setMedia((ms) => (ms.some((x) => x.url === m.url) ? ms : [...ms, m]))}
        />
        <Field
          id="first-comment"
          label="First comment (optional)"
          messages={placed.firstComment}
          hint="Posted under each post once it is live (a reply on X, Bluesky and Threads). TikTok, Pinterest and Google Business skip it."
        >
          <textarea
            id="first-comment"
            rows={2}
            value={firstComment}
            onChange={(e) => setFirstComment(e.target.value)}
            {...describedBy('first-comment', placed.firstComment, true)}
          />
        </Field>
        <fieldset className="accounts">
          <legend>Publish to</legend>
          <ul>
            {integrations.map((i) => {
              const on = targets.some((t) => t.accountId === i.id);
              const stale = i.authStatus !== 'active';
              return (
                <li key={i.id}>
                  <label className="account-choice">
                    <input type="checkbox" checked={on} onChange={() => toggle(i)} />
                    <span className={`platform-dot platform-${i.platform}`} aria-hidden="true" />
                    {PLATFORM_LABELS[i.platform as PlatformName] ?? i.platform}:{' '}
                    {i.displayName ?? i.username ?? i.platformUserId}
                    {i.username && i.displayName ? (
                      <span className="account-handle"> @{i.username}</span>
                    ) : null}
                    {i.sandbox ? (
                      <SandboxBadge title="Posts to this account reach the sandbox simulator only" />
                    ) : null}
                    {stale ? <span className="badge badge-failed">needs reconnecting</span> : null}
                  </label>
                  {stale ? (
                    <Link to="/integrations" className="reconnect-link">
                      Reconnect {accountTitle(i.platform, i)}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <MediaEditor media={media} onChange={setMedia} messages={placed.media} />
        <fieldset className="when">
          <legend>When</legend>
          <label>
            <input
              type="radio"
              name="when"
              checked={when === 'now'}
              onChange={() => setWhen('now')}
              disabled={kind === 'scheduled'}
            />{' '}
            Publish now
          </label>
          <label>
            <input type="radio" name="when" checked={when === 'later'} onChange={() => setWhen('later')} />{' '}
            Schedule
          </label>
          {when === 'later' ? (
            <div className="when-fields">
              <Field id="scheduled-for" label="Date and time" messages={placed.schedule}>
                <input
                  id="scheduled-for"
                  type="datetime-local"
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                  {...describedBy('scheduled-for', placed.schedule)}
                />
              </Field>
              <Field id="timezone" label="Time zone">
                <TimeZoneSelect id="timezone" value={timezone} onChange={setTimezone} />
              </Field>
            </div>
          ) : (
            <ul className="messages" aria-live="polite">
              {placed.schedule.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </fieldset>
        {kind === 'scheduled' ? null : (
          <RepeatFields value={repeat} onChange={setRepeat} messages={placed.repeat} />
        )}
        {saved ? <DraftSaved problems={saved} /> : null}
        <div className="submit-row">
          <button type="submit" disabled={busy || targets.length === 0}>
            {busy
              ? 'Sending…'
              : kind === 'scheduled'
                ? 'Save changes'
                : when === 'now'
                  ? 'Publish now'
                  : 'Schedule'}
          </button>
          {kind === 'scheduled' ? null : (
            <>
              <button
                type="button"
                className="secondary"
                disabled={busy || targets.length === 0}
                onClick={saveDraft}
              >
                {kind === 'draft' ? 'Save draft' : 'Save as draft'}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy || targets.length === 0}
                aria-expanded={queueing}
                onClick={() => setQueueing(true)}
              >
                Add to queue
              </button>
            </>
          )}
          <span className="check-state" role="status">
            {targets.length === 0
              ? 'Choose at least one account.'
              : checking
                ? 'Checking…'
                : hasProblems
                  ? 'Fix the problems shown to publish.'
                  : 'Ready: every platform accepts this post.'}
          </span>
        </div>
        {queueing && targets.length > 0 ? (
          <QueueConfirm
            owner={queueOwnerOf(
              targets.map((t) => t.accountId),
              integrations,
            )}
            profiles={props.profiles}
            busy={busy}
            onConfirm={addToQueue}
            onBack={() => setQueueing(false)}
          />
        ) : null}
        {submitError || placed.form.length ? (
          <div className="state-error" role="alert">
            {submitError ? <p>{submitError}</p> : null}
            {placed.form.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        ) : null}
      </div>
      <div className="compose-targets">
        {targets.length === 0 ? (
          <p className="state-empty">The accounts you choose appear here with their options and a preview.</p>
        ) : null}
        {targets.map((t, index) => {
          const account = byId.get(t.accountId);
          const where = placed.targets[index] ?? { card: [], content: [], options: {} };
          const idp = `t${index}`;
          const schema =
            schemas && !(schemas instanceof Error) ? optionSchema(schemas, t.platform) : undefined;
          return (
            <section
              className="card target"
              key={t.accountId}
              aria-labelledby={`${idp}-heading`}
              data-platform={t.platform}
            >
              {/* Not `${idp}-title`: that is the id of a Title option (Pinterest, YouTube). */}
              <h2 id={`${idp}-heading`}>
                <AccountLabel platform={t.platform} account={account} accountId={t.accountId} />
              </h2>
              <ul className="messages" aria-live="polite">
                {where.card.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
              <label className="inline">
                <input
                  type="checkbox"
                  checked={t.override !== null}
                  onChange={(e) => update(index, { override: e.target.checked ? content : null })}
                />{' '}
                Different text for {PLATFORM_LABELS[t.platform]}
              </label>
              {t.override !== null ? (
                <Field
                  id={`${idp}-content`}
                  label={`Text for ${PLATFORM_LABELS[t.platform]}`}
                  messages={where.content}
                  hint={<TargetCounter length={lengths.find((l) => l.target === index)} />}
                >
                  <textarea
                    id={`${idp}-content`}
                    rows={3}
                    value={t.override}
                    onChange={(e) => update(index, { override: e.target.value })}
                    {...describedBy(`${idp}-content`, where.content, true)}
                  />
                </Field>
              ) : null}
              <MediaConversions
                idPrefix={idp}
                platform={t.platform}
                conversions={conversions.filter((c) => c.target === index)}
                onFit={(fit) => update(index, { options: { ...t.options, fit } })}
              />
              <OptionsPanel
                title={`${PLATFORM_LABELS[t.platform]} options`}
                hasProblems={Object.keys(where.options).length > 0}
              >
                {schemas instanceof Error ? (
                  <p role="alert">Could not read the options: {schemas.message}</p>
                ) : schema ? (
                  <OptionFields
                    idPrefix={idp}
                    schema={schema}
                    value={t.options}
                    onChange={(options) => update(index, { options })}
                    messages={where.options}
                    choices={
                      t.platform === 'pinterest' && boards[t.accountId]
                        ? { boardId: boards[t.accountId] ?? [] }
                        : undefined
                    }
                  />
                ) : (
                  <p>Loading options…</p>
                )}
              </OptionsPanel>
              <PlatformPreview
                platform={t.platform}
                account={account}
                text={t.override ?? content}
                media={media}
                options={t.options}
              />
            </section>
          );
        })}
      </div>
    </form>
  );
}

/** The boards of each chosen Pinterest account, so boardId is chosen from a list (GET /v1/pinterest/boards). */
function usePinterestBoards(targets: readonly TargetDraft[]) {
  const [boards, setBoards] = useState<Record<string, { value: string; label: string }[]>>({});
  const wanted = targets.filter((t) => t.platform === 'pinterest').map((t) => t.accountId);
  const key = wanted.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the accounts wanted.
  useEffect(() => {
    for (const accountId of wanted) {
      if (boards[accountId]) continue;
      api.GET('/v1/pinterest/boards', { params: { query: { accountId } } }).then((res) => {
        // Without the list (the account needs reconnecting...), boardId stays a text field.
        if (res.data)
          setBoards((b) => ({
            ...b,
            [accountId]: res.data.boards.map((x) => ({ value: x.id, label: x.name })),
          }));
      });
    }
  }, [key]);
  return boards;
}

/** "X 30/280 · Bluesky 55/300": each platform's count of the text, as the API measured it. */
function Counters(props: { lengths: TextLength[] }) {
  if (props.lengths.length === 0)
    return <span className="counters">Character counts appear when accounts are chosen.</span>;
  return (
    <span className="counters">
      {props.lengths.map((l) => (
        <span
          key={l.target}
          className={`counter${l.length > l.limit ? ' counter-over' : ''}`}
          data-platform={l.platform}
          title={l.unit}
        >
          {PLATFORM_LABELS[l.platform as PlatformName] ?? l.platform} {l.length}/{l.limit}
        </span>
      ))}
    </span>
  );
}
