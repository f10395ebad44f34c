// One chosen account's card: its messages, its own text if it differs, its platform's
// options (folded away), and a preview of the post as that platform shows it.
import { useEffect, useState } from 'react';
import { api, type Integration, PLATFORM_LABELS } from '../../api/client.ts';
import { describedBy, Field } from '../../ui.tsx';
import { AccountLabel } from '../accounts/AccountLabel.tsx';
import type { MediaRow } from '../media/Media.tsx';
import { OptionFields, optionSchema, type useOptionSchemas } from '../options/OptionFields.tsx';
import { PlatformPreview } from '../previews/PlatformPreview.tsx';
import { type Conversion, MediaConversions } from './MediaConversions.tsx';
import { OptionsPanel } from './OptionsPanel.tsx';
import type { TargetMessages } from './placement.ts';
import { TargetCounter, type TextLength } from './TargetCounter.tsx';
import type { TargetDraft } from './targets.ts';

export type Boards = Record<string, { value: string; label: string }[]>;

export function TargetCard(props: {
  index: number;
  target: TargetDraft;
  account: Integration | undefined;
  content: string;
  media: MediaRow[];
  messages: TargetMessages | undefined;
  length: TextLength | undefined;
  /** What the service will convert for this account (POST /v1/posts/validate). */
  conversions: Conversion[];
  schemas: ReturnType<typeof useOptionSchemas>;
  boards: Boards;
  onChange: (patch: Partial<TargetDraft>) => void;
}) {
  const { index, target: t, account, schemas } = props;
  const where = props.messages ?? { card: [], content: [], options: {} };
  const idp = `t${index}`;
  const schema = schemas && !(schemas instanceof Error) ? optionSchema(schemas, t.platform) : undefined;
  return (
    <section className="card target" aria-labelledby={`${idp}-heading`} data-platform={t.platform}>
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
          onChange={(e) => props.onChange({ override: e.target.checked ? props.content : null })}
        />{' '}
        Different text for {PLATFORM_LABELS[t.platform]}
      </label>
      {t.override !== null ? (
        <Field
          id={`${idp}-content`}
          label={`Text for ${PLATFORM_LABELS[t.platform]}`}
          messages={where.content}
          hint={<TargetCounter length={props.length} />}
        >
          <textarea
            id={`${idp}-content`}
            rows={3}
            value={t.override}
            onChange={(e) => props.onChange({ override: e.target.value })}
            {...describedBy(`${idp}-content`, where.content, true)}
          />
        </Field>
      ) : null}
      <MediaConversions
        idPrefix={idp}
        platform={t.platform}
        conversions={props.conversions}
        media={props.media}
        onFit={(fit) => props.onChange({ options: { ...t.options, fit } })}
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
            onChange={(options) => props.onChange({ options })}
            messages={where.options}
            choices={
              t.platform === 'pinterest' && props.boards[t.accountId]
                ? { boardId: props.boards[t.accountId] ?? [] }
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
        text={t.override ?? props.content}
        media={props.media}
        options={t.options}
      />
    </section>
  );
}

/** The boards of each chosen Pinterest account, so boardId is chosen from a list (GET /v1/pinterest/boards). */
export function usePinterestBoards(targets: readonly TargetDraft[]): Boards {
  const [boards, setBoards] = useState<Boards>({});
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
