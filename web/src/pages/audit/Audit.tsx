// The audit log: who changed what, when and from where (GET /v1/audit), newest first,
// filtered by person, kind of change and object. Owners and admins read it; others
// are told why they can not.
import { useState } from 'react';
import { api, ok } from '../../api/client.ts';
import { navigate, useLocation } from '../../router.ts';
import { Field, formatTime, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { actionLabel, actorLabel, FAMILIES, objectName, summaryLines } from './describe.ts';

const LIMIT = 25;

export default function Audit() {
  const here = useLocation();
  const query = {
    actor: here.searchParams.get('actor') ?? '',
    action: here.searchParams.get('action') ?? '',
    objectId: here.searchParams.get('objectId') ?? '',
    offset: Number(here.searchParams.get('offset') ?? 0) || 0,
  };
  const [draft, setDraft] = useState(query);
  const entries = useLoad(
    () =>
      ok(
        api.GET('/v1/audit', {
          params: {
            query: {
              limit: LIMIT,
              offset: query.offset,
              ...(query.actor ? { actor: query.actor } : {}),
              ...(query.action ? { action: query.action } : {}),
              ...(query.objectId ? { objectId: query.objectId } : {}),
            },
          },
        }),
      ),
    [query.actor, query.action, query.objectId, query.offset],
  );
  // The filters live in the address, so a filtered view can be bookmarked and shared.
  const go = (next: typeof query) => {
    const params = new URLSearchParams();
    if (next.actor) params.set('actor', next.actor);
    if (next.action) params.set('action', next.action);
    if (next.objectId) params.set('objectId', next.objectId);
    if (next.offset) params.set('offset', String(next.offset));
    const search = params.toString();
    navigate(`/audit${search ? `?${search}` : ''}`);
  };
  return (
    <>
      <PageHeader title="Audit log" />
      <p className="hint">
        Every change made by a member, an access key, the command line or the service itself, with when and
        from where. Secrets are never shown.
      </p>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...draft, offset: 0 });
        }}
      >
        <Field id="audit-actor" label="Who">
          <input
            id="audit-actor"
            value={draft.actor}
            placeholder="ana@example.com, key:…, system"
            onChange={(e) => setDraft({ ...draft, actor: e.target.value.trim() })}
          />
        </Field>
        <Field id="audit-action" label="Kind of change">
          <select
            id="audit-action"
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">Any</option>
            {FAMILIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-object" label="Object id">
          <input
            id="audit-object"
            value={draft.objectId}
            placeholder="post_…, prof_…, int_…"
            onChange={(e) => setDraft({ ...draft, objectId: e.target.value.trim() })}
          />
        </Field>
        <button type="submit">Show</button>
      </form>
      <Loaded
        load={entries}
        label="audit log"
        minHeight={240}
        isEmpty={(d) => d.entries.length === 0}
        empty={<p>No changes match.</p>}
      >
        {(d) => (
          <>
            <ol className="audit-list">
              {d.entries.map((e) => (
                <li key={e.id} className="audit-entry">
                  <div className="audit-head">
                    <strong>{actionLabel(e.action)}</strong> <span>{objectName(e.object)}</span>
                  </div>
                  <div className="hint">
                    <time dateTime={e.at}>{formatTime(e.at)}</time> · {actorLabel(e.actor)}
                    {e.actor.address ? ` · from ${e.actor.address}` : ''} ·{' '}
                    <button
                      type="button"
                      className="link"
                      onClick={() => go({ ...query, objectId: e.object.id, offset: 0 })}
                    >
                      history of {e.object.type} {e.object.id}
                    </button>
                  </div>
                  {summaryLines(e.summary, e.references).length > 0 ? (
                    <ul className="audit-summary">
                      {summaryLines(e.summary, e.references).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
            <nav className="pager" aria-label="Audit pages">
              <button
                type="button"
                disabled={query.offset === 0}
                onClick={() => go({ ...query, offset: Math.max(0, query.offset - LIMIT) })}
              >
                Newer
              </button>
              <span>
                {query.offset + 1}–{query.offset + d.entries.length} of {d.total}
              </span>
              <button
                type="button"
                disabled={query.offset + d.entries.length >= d.total}
                onClick={() => go({ ...query, offset: query.offset + LIMIT })}
              >
                Older
              </button>
            </nav>
          </>
        )}
      </Loaded>
    </>
  );
}
