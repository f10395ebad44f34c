// Composing a post: text, per-platform text and options, media by URL or upload,
// now, at a time in a chosen zone, or in the next slot of the posting queue; repeated
// or not; or kept as a draft to finish later (?draft=… opens one again, ?edit=… a
// scheduled post). While the person types, the body is sent to
// POST /v1/posts/validate and every message the API gives is shown beside its field:
// the dashboard holds no copy of the platforms' rules. The parts live in ./compose/;
// this page holds the form's state and puts the parts together.
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  api,
  type Integration,
  ok,
  type PlatformName,
  type Problem,
  type Schemas,
} from '../../api/client.ts';
import { useLocation } from '../../router.ts';
import { browserZone, describedBy, Field, Link, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { AiTools } from '../ai/AiTools.tsx';
import { approvalPath, useApprovalSettings } from '../approval/approvalRule.ts';
import { MediaEditor, type MediaRow } from '../media/Media.tsx';
import { useOptionSchemas } from '../options/OptionFields.tsx';
import { DraftSaved, savedDrafts } from '../planning/DraftSaved.tsx';
import { loadProfiles } from '../planning/queues.ts';
import { NO_REPEAT, RepeatFields, repeatBody, repeatOf } from '../planning/RepeatFields.tsx';
import { useCaller } from '../teams/permissions.tsx';
import { AccountPicker } from './AccountPicker.tsx';
import { askedWords } from './askedFor.ts';
import { ComposeActions } from './ComposeActions.tsx';
import { Counters } from './Counters.tsx';
import { COMPOSE_TITLES, type ComposeKind } from './kind.ts';
import { hasProblems } from './placement.ts';
import { TargetCard, usePinterestBoards } from './TargetCard.tsx';
import { type RawBody, type TargetDraft, targetsOf } from './targets.ts';
import { useComposeRequests } from './useComposeRequests.ts';
import { useValidation } from './useValidation.ts';
import { type When, WhenFields } from './WhenFields.tsx';
import { nextHour, wallClock } from './wallClock.ts';

export type { ComposeKind };

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
      <PageHeader title={COMPOSE_TITLES[kind]} />
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
  const [when, setWhen] = useState<When>(props.post ? 'later' : 'now');
  const [timezone, setTimezone] = useState(props.post?.timezone ?? browserZone);
  const [at, setAt] = useState(
    wallClock(props.post?.scheduledFor ?? nextHour(), props.post?.timezone ?? browserZone),
  );
  const schemas = useOptionSchemas();
  const boards = usePinterestBoards(targets);
  // The accounts as the service knows them now (a revoked one shows it), else as loaded.
  const fresh = useAccounts();
  const integrations = useMemo(
    () => props.integrations.map((i) => fresh?.get(i.id) ?? i),
    [props.integrations, fresh],
  );
  const byId = useMemo(() => new Map(integrations.map((i) => [i.id, i])), [integrations]);
  const caller = useCaller();
  const approval = approvalPath(
    useApprovalSettings(),
    caller.mayPublish,
    targets.map((t) => t.accountId),
    integrations,
  );

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
  const { placed, setPlaced, lengths, conversions, checking } = useValidation(body, targets);
  const requests = useComposeRequests({
    kind,
    postId: props.post?.postId,
    draftBody,
    body,
    time,
    when,
    at,
    timezone,
    firstComment,
    targets,
    setPlaced,
    setSaved,
    setTouched,
  });

  const toggle = (i: Integration) => {
    setTargets((ts) =>
      ts.some((t) => t.accountId === i.id)
        ? ts.filter((t) => t.accountId !== i.id)
        : [...ts, { accountId: i.id, platform: i.platform as PlatformName, override: null, options: {} }],
    );
  };
  const chooseAll = (accounts: readonly Integration[], on: boolean) =>
    setTargets((ts) => {
      const rest = ts.filter((t) => !accounts.some((a) => a.id === t.accountId));
      if (!on) return rest;
      const kept = new Map(ts.map((t) => [t.accountId, t]));
      const added = accounts.map(
        (a) =>
          kept.get(a.id) ?? {
            accountId: a.id,
            platform: a.platform as PlatformName,
            override: null,
            options: {},
          },
      );
      return [...rest, ...added];
    });
  const update = (index: number, patch: Partial<TargetDraft>) =>
    setTargets((ts) => ts.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    requests.submit();
  };
  const contentMessages = touched ? placed.content : [];

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
        <AccountPicker
          integrations={integrations}
          profiles={props.profiles}
          chosen={new Set(targets.map((t) => t.accountId))}
          onToggle={toggle}
          onChooseAll={chooseAll}
        />
        <MediaEditor media={media} onChange={setMedia} messages={placed.media} />
        <WhenFields
          when={when}
          onWhen={setWhen}
          at={at}
          onAt={setAt}
          timezone={timezone}
          onTimezone={setTimezone}
          messages={placed.schedule}
          nowAllowed={kind !== 'scheduled'}
        />
        {kind === 'scheduled' ? null : (
          <RepeatFields value={repeat} onChange={setRepeat} messages={placed.repeat} />
        )}
        {saved ? <DraftSaved problems={saved} /> : null}
        <ComposeActions
          kind={kind}
          when={when}
          approval={approval}
          askedFor={askedWords(when === 'now' ? { now: true } : { at, timezone })}
          busy={requests.busy}
          accountIds={targets.map((t) => t.accountId)}
          checking={checking}
          hasProblems={hasProblems(placed, contentMessages)}
          integrations={integrations}
          profiles={props.profiles}
          queueing={queueing}
          onQueueing={setQueueing}
          onSaveDraft={requests.saveDraft}
          onAddToQueue={requests.addToQueue}
          submitError={requests.submitError}
          formMessages={placed.form}
        />
      </div>
      <div className="compose-targets">
        {targets.length === 0 ? (
          <p className="state-empty">The accounts you choose appear here with their options and a preview.</p>
        ) : null}
        {targets.map((t, index) => (
          <TargetCard
            key={t.accountId}
            index={index}
            target={t}
            account={byId.get(t.accountId)}
            content={content}
            media={media}
            messages={placed.targets[index]}
            length={lengths.find((l) => l.target === index)}
            conversions={conversions.filter((c) => c.target === index)}
            schemas={schemas}
            boards={boards}
            onChange={(patch) => update(index, patch)}
          />
        ))}
      </div>
    </form>
  );
}
