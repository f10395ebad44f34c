// Who asked or made something, as people know them: a member by their e-mail, an
// access key by its name ("access key writer"), never by its id. Key names are read
// once from GET /v1/keys where the person may list keys; otherwise "an access key".
import { useEffect, useState } from 'react';
import { api, ok } from '../../api/client.ts';

let names: Promise<Map<string, string>> | null = null;

const loadNames = () => {
  names ??= ok(api.GET('/v1/keys', {}))
    .then((d) => new Map(d.keys.map((k) => [k.id, k.name ?? `${k.prefix}…`])))
    .catch(() => new Map<string, string>());
  return names;
};

export function useActorName(): (actor: string) => string {
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    void loadNames().then((m) => live && setKnown(m));
    return () => {
      live = false;
    };
  }, []);
  return (actor) => {
    if (!actor.startsWith('key:')) return actor;
    const name = known.get(actor.slice(4));
    return name ? `access key “${name}”` : 'an access key';
  };
}
