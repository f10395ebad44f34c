// AI in Compose: "Write with AI" (POST /v1/ai/write) and "Generate image"
// (POST /v1/ai/image). Each says what it costs before it is asked, and its result
// waits to be edited (the text) or looked at (the image) before it goes into the
// post: nothing is put in the post without "Use".
import { useState } from 'react';
import { api, errorMessage, PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { useLoad } from '../../ui.tsx';
import type { MediaRow } from '../media/Media.tsx';
import { credits, loadPrices } from './prices.ts';
import './ai.css';

function Price(props: { cost: number | undefined; remaining: number | null | undefined }) {
  if (props.cost === undefined) return <span className="ai-price">Checking the price…</span>;
  return (
    <span className="ai-price" data-testid="ai-price">
      Costs {credits(props.cost)}, charged only when a result comes back
      {props.remaining !== null && props.remaining !== undefined ? ` (${credits(props.remaining)} left)` : ''}
      .
    </span>
  );
}

function WriteWithAi(props: {
  content: string;
  platforms: PlatformName[];
  cost: number | undefined;
  remaining: number | null | undefined;
  onUse: (text: string) => void;
  onSpent: () => void;
}) {
  const [description, setDescription] = useState('');
  const [improve, setImprove] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const write = async () => {
    setBusy(true);
    setError(null);
    const res = await api
      .POST('/v1/ai/write', {
        body: {
          description,
          ...(props.platforms.length ? { platforms: props.platforms } : {}),
          ...(improve && props.content ? { existingContent: props.content } : {}),
        },
      })
      .catch(() => null);
    setBusy(false);
    if (!res?.data) return setError(errorMessage(res?.error, 'The AI could not be reached'));
    setResult(res.data.content);
    props.onSpent();
  };
  return (
    <div className="ai-panel" data-testid="ai-write">
      <label htmlFor="ai-description">What is the post about?</label>
      <textarea
        id="ai-description"
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label className="inline">
        <input type="checkbox" checked={improve} onChange={(e) => setImprove(e.target.checked)} /> Improve my
        text instead of starting afresh
      </label>
      <p className="hint">
        Fits{' '}
        {props.platforms.length
          ? props.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')
          : 'every platform (choose accounts to fit only theirs)'}
        . <Price cost={props.cost} remaining={props.remaining} />
      </p>
      <button type="button" disabled={busy || !description.trim()} onClick={write}>
        {busy ? 'Writing…' : 'Write'}
      </button>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {result !== null ? (
        <div className="ai-result">
          <label htmlFor="ai-result">The AI's text (edit it before use)</label>
          <textarea id="ai-result" rows={4} value={result} onChange={(e) => setResult(e.target.value)} />
          <div className="sub-actions">
            <button type="button" onClick={() => props.onUse(result)}>
              Use this text
            </button>
            <button type="button" className="secondary" onClick={() => setResult(null)}>
              Discard
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const ASPECTS = [
  { value: 'square', label: 'Square' },
  { value: 'vertical', label: 'Vertical' },
  { value: 'landscape', label: 'Landscape' },
] as const;

function GenerateImage(props: {
  cost: number | undefined;
  remaining: number | null | undefined;
  onUse: (media: MediaRow) => void;
  onSpent: () => void;
}) {
  const [description, setDescription] = useState('');
  const [aspect, setAspect] = useState<(typeof ASPECTS)[number]['value']>('square');
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generate = async () => {
    setBusy(true);
    setError(null);
    const res = await api
      .POST('/v1/ai/image', { body: { description, aspectRatio: aspect } })
      .catch(() => null);
    setBusy(false);
    if (!res?.data) return setError(errorMessage(res?.error, 'The AI could not be reached'));
    setResult(res.data.url);
    props.onSpent();
  };
  return (
    <div className="ai-panel" data-testid="ai-image">
      <label htmlFor="ai-image-description">Describe the image</label>
      <textarea
        id="ai-image-description"
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label htmlFor="ai-aspect">Shape</label>
      <select id="ai-aspect" value={aspect} onChange={(e) => setAspect(e.target.value as typeof aspect)}>
        {ASPECTS.map((a) => (
          <option key={a.value} value={a.value}>
            {a.label}
          </option>
        ))}
      </select>
      <p className="hint">
        <Price cost={props.cost} remaining={props.remaining} /> The image is kept in the media library.
      </p>
      <button type="button" disabled={busy || !description.trim()} onClick={generate}>
        {busy ? 'Generating…' : result ? 'Generate another' : 'Generate'}
      </button>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <div className="ai-result">
          <img src={result} alt={`Generated: ${description}`} className="ai-image" />
          <div className="sub-actions">
            <button type="button" onClick={() => props.onUse({ type: 'image', url: result })}>
              Add image to the post
            </button>
            <button type="button" className="secondary" onClick={() => setResult(null)}>
              Discard
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The two AI tools, each behind its own button, under the post's text. */
export function AiTools(props: {
  content: string;
  platforms: PlatformName[];
  onText: (text: string) => void;
  onImage: (media: MediaRow) => void;
}) {
  const [open, setOpen] = useState<'write' | 'image' | null>(null);
  const prices = useLoad(loadPrices, []);
  const ready = prices.state === 'ready' ? prices.data : undefined;
  const toggle = (which: 'write' | 'image') => setOpen((o) => (o === which ? null : which));
  return (
    <div className="ai-tools">
      <div className="sub-actions">
        <button
          type="button"
          className="secondary"
          aria-expanded={open === 'write'}
          onClick={() => toggle('write')}
        >
          Write with AI
        </button>
        <button
          type="button"
          className="secondary"
          aria-expanded={open === 'image'}
          onClick={() => toggle('image')}
        >
          Generate image
        </button>
      </div>
      {open === 'write' ? (
        <WriteWithAi
          content={props.content}
          platforms={props.platforms}
          cost={ready?.aiCaption}
          remaining={ready?.remaining}
          onSpent={prices.reload}
          onUse={(text) => {
            props.onText(text);
            setOpen(null);
          }}
        />
      ) : null}
      {open === 'image' ? (
        <GenerateImage
          cost={ready?.aiImage}
          remaining={ready?.remaining}
          onSpent={prices.reload}
          onUse={(m) => {
            props.onImage(m);
            setOpen(null);
          }}
        />
      ) : null}
    </div>
  );
}
