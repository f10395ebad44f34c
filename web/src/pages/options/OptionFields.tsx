// A platform's options (platformSpecificData) as form fields, generated from the
// platform's configuration schema in the service's OpenAPI document: the same schema
// the API validates with, so a new option appears here without a change.
import { useEffect, useState } from 'react';
import type { PlatformName, Schemas } from '../../api/client.ts';
import { openApiDocument } from '../../api/openapi.ts';
import { describedBy, Field } from '../../ui.tsx';
import { optionHint, optionLabel } from '../wording/labels.ts';
import { PollInput } from './PollInput.tsx';
import { SubredditInput } from './SubredditInput.tsx';
import { ThreadInput } from './ThreadInput.tsx';

/** The name of each platform's options schema in the OpenAPI document (checked against its types). */
const SCHEMA_NAMES = {
  twitter: 'TwitterConfigurations',
  instagram: 'InstagramConfigurations',
  youtube: 'YouTubeConfigurations',
  tiktok: 'TikTokConfigurations',
  pinterest: 'PinterestConfigurations',
  linkedin: 'LinkedInConfigurations',
  bluesky: 'BlueskyConfigurations',
  facebook: 'FacebookConfigurations',
  threads: 'ThreadsConfigurations',
  googlebusiness: 'GoogleBusinessConfigurations',
  telegram: 'TelegramConfigurations',
  discord: 'DiscordConfigurations',
  reddit: 'RedditConfigurations',
  mastodon: 'MastodonConfigurations',
} as const satisfies Record<PlatformName, keyof Schemas>;

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  description?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** The options schemas of every platform, read once from /openapi.json. */
export function useOptionSchemas(): Record<string, JsonSchema> | null | Error {
  const [schemas, setSchemas] = useState<Record<string, JsonSchema> | null | Error>(null);
  useEffect(() => {
    openApiDocument().then(
      (doc) => setSchemas(doc.components.schemas as Record<string, JsonSchema>),
      (e: unknown) => setSchemas(e instanceof Error ? e : new Error(String(e))),
    );
  }, []);
  return schemas;
}

export const optionSchema = (
  all: Record<string, JsonSchema>,
  platform: PlatformName,
): JsonSchema | undefined => all[SCHEMA_NAMES[platform]];

/** What kind of control a property gets. */
function controlOf(
  s: JsonSchema,
): 'boolean' | 'enum' | 'number' | 'string' | 'list' | 'thread' | 'poll' | 'json' {
  if (s.enum) return 'enum';
  // A list of posts (X's thread) and a poll get inputs of their own, not JSON.
  if (s.type === 'array' && s.items?.properties?.content) return 'thread';
  if (s.type === 'object' && s.properties?.options && s.properties.durationMinutes) return 'poll';
  if (s.type === 'boolean') return 'boolean';
  if (s.type === 'number' || s.type === 'integer') return 'number';
  if (s.type === 'string') return 'string';
  if (s.type === 'array' && s.items?.type === 'string') return 'list';
  return 'json';
}

export type Options = Record<string, unknown>;

export function OptionFields(props: {
  idPrefix: string;
  schema: JsonSchema;
  value: Options;
  onChange: (v: Options) => void;
  /** Messages by option name (from the API's validation). */
  messages: Record<string, string[]>;
  /** Values to choose from for some string options, read from the platform (Pinterest boards). */
  choices?: Record<string, { value: string; label: string }[]>;
}) {
  const set = (name: string, v: unknown) => {
    const next = { ...props.value };
    if (v === undefined) delete next[name];
    else next[name] = v;
    props.onChange(next);
  };
  const required = new Set(props.schema.required ?? []);
  return (
    <div className="options">
      {Object.entries(props.schema.properties ?? {}).map(([name, s]) => {
        const id = `${props.idPrefix}-${name}`;
        const label = `${optionLabel(name)}${required.has(name) ? ' (required)' : ''}`;
        const msgs = props.messages[name] ?? [];
        const hint = optionHint(name, s.description);
        const aria = describedBy(id, msgs, Boolean(hint));
        const current = props.value[name];
        const kind = controlOf(s);
        if (kind === 'thread' || kind === 'poll') {
          const Input = kind === 'thread' ? ThreadInput : PollInput;
          // A group of inputs: named by a legend, its messages tied to it as to a field.
          return (
            <fieldset key={name} className={`field option-group${msgs.length ? ' field-invalid' : ''}`}>
              <legend>{label}</legend>
              {hint ? (
                <div className="hint" id={`${id}-hint`}>
                  {hint}
                </div>
              ) : null}
              <Input
                id={id}
                value={current}
                onChange={(v) => set(name, v)}
                describedBy={aria['aria-describedby']}
                invalid={msgs.length > 0}
              />
              <ul className="messages" id={`${id}-messages`} aria-live="polite">
                {msgs.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </fieldset>
          );
        }
        let control: React.ReactNode;
        const choices = props.choices?.[name];
        if (kind === 'string' && name === 'subreddit') {
          control = <SubredditInput id={id} value={current} onChange={(v) => set(name, v)} aria={aria} />;
        } else if (kind === 'string' && choices) {
          control = (
            <select
              id={id}
              value={typeof current === 'string' ? current : ''}
              onChange={(e) => set(name, e.target.value === '' ? undefined : e.target.value)}
              {...aria}
            >
              <option value="">(choose)</option>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          );
        } else if (kind === 'boolean' || kind === 'enum') {
          const values = kind === 'boolean' ? [true, false] : (s.enum ?? []);
          control = (
            <select
              id={id}
              value={current === undefined ? '' : JSON.stringify(current)}
              onChange={(e) => set(name, e.target.value === '' ? undefined : JSON.parse(e.target.value))}
              {...aria}
            >
              <option value="">(default)</option>
              {values.map((v) => (
                <option key={String(v)} value={JSON.stringify(v)}>
                  {v === true ? 'Yes' : v === false ? 'No' : String(v)}
                </option>
              ))}
            </select>
          );
        } else if (kind === 'number') {
          control = (
            <input
              id={id}
              type="number"
              value={typeof current === 'number' ? current : ''}
              onChange={(e) => set(name, e.target.value === '' ? undefined : Number(e.target.value))}
              {...aria}
            />
          );
        } else if (kind === 'string') {
          control = (
            <input
              id={id}
              type={s.format === 'uri' ? 'url' : 'text'}
              value={typeof current === 'string' ? current : ''}
              onChange={(e) => set(name, e.target.value === '' ? undefined : e.target.value)}
              {...aria}
            />
          );
        } else if (kind === 'list') {
          control = <ListInput id={id} value={current} onChange={(v) => set(name, v)} aria={aria} />;
        } else {
          control = <JsonInput id={id} value={current} onChange={(v) => set(name, v)} aria={aria} />;
        }
        return (
          <Field
            key={name}
            id={id}
            label={label}
            messages={msgs}
            hint={
              [
                hint,
                kind === 'list' ? 'Separate entries with commas.' : null,
                kind === 'json' ? 'JSON.' : null,
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            {control}
          </Field>
        );
      })}
    </div>
  );
}

type Aria = ReturnType<typeof describedBy>;

function ListInput(props: { id: string; value: unknown; onChange: (v: unknown) => void; aria: Aria }) {
  const [text, setText] = useState(Array.isArray(props.value) ? props.value.join(', ') : '');
  return (
    <input
      id={props.id}
      type="text"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const items = e.target.value
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        props.onChange(items.length ? items : undefined);
      }}
      {...props.aria}
    />
  );
}

/** Options with a structure of their own (a poll, thread items, mentions) are written as JSON. */
function JsonInput(props: { id: string; value: unknown; onChange: (v: unknown) => void; aria: Aria }) {
  const [text, setText] = useState(props.value === undefined ? '' : JSON.stringify(props.value));
  const [bad, setBad] = useState(false);
  return (
    <>
      <textarea
        id={props.id}
        rows={2}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setBad(false);
            props.onChange(undefined);
            return;
          }
          try {
            props.onChange(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
        {...props.aria}
        aria-invalid={bad || props.aria['aria-invalid'] ? true : undefined}
      />
      {bad ? <span className="error-text">Not valid JSON yet.</span> : null}
    </>
  );
}
