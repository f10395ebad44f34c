// Asks POST /v1/posts/validate a moment after the last keystroke and places every
// message the API gives; an older answer never replaces a newer one. The dashboard
// holds no copy of the platforms' rules.
import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import type { Conversion } from './MediaConversions.tsx';
import { emptyPlaced, type Placed, placeMessages, problemsOfMessage } from './placement.ts';
import type { TextLength } from './TargetCounter.tsx';
import type { TargetDraft } from './targets.ts';

export function useValidation(body: unknown, targets: readonly TargetDraft[]) {
  const [placed, setPlaced] = useState<Placed>(emptyPlaced());
  const [lengths, setLengths] = useState<TextLength[]>([]);
  const [conversions, setConversions] = useState<Conversion[]>([]);
  const [checking, setChecking] = useState(false);
  const seq = useRef(0);
  useEffect(() => {
    if (targets.length === 0) {
      setPlaced(emptyPlaced());
      setLengths([]);
      setConversions([]);
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
  return { placed, setPlaced, lengths, conversions, checking };
}
