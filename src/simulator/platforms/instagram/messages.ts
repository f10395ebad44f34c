/**
 * Instagram direct messages on the simulator (section 2.5 of the platform facts,
 * Instagram Login): `GET /me/conversations?platform=instagram` (or
 * `/{ig-id}/conversations`; newest activity first, cursor paging, `participants`
 * and `messages.limit(n){...}` expansions), `GET /{conversation}/messages` (newest
 * first; only the 20 most recent messages carry details, older ones answer only
 * `id` and `created_time`), `POST /me/messages` (or `/{ig-id}/messages`) with
 * `{recipient:{id}, message:{text}}` → `{recipient_id, message_id}`. A reply is
 * accepted only within 24 hours of the person's last message (10/2534022 after);
 * someone who never wrote is 100/2018001; text over 1000 bytes is 100. Everything
 * needs `instagram_business_manage_messages` (or `instagram_manage_messages`).
 *
 * The inbox itself is inbox.ts; tests add what people write with
 * `addIncomingMessage(sim, igUserId, {...})`, sandbox users with `POST /_sim/messages`.
 */
import { bodyObject } from '../../core/http.ts';
import { allParams, authOf, json, type SimRequest, type SimRouter, type Simulator } from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import { conversations, messageId, type SimConversation, type SimMessage } from './inbox.ts';

export { addIncomingMessage } from './inbox.ts';

import {
  type FieldSpec,
  graphPage,
  graphTimeOf,
  limitParam,
  needPermission,
  notFoundObject,
  parseFields,
  selectFields,
} from '../_shared/meta-comments.ts';

const SCOPES = ['instagram_business_manage_messages', 'instagram_manage_messages'];
const DETAILED = 20;
const WINDOW_MS = 24 * 3600_000;

export const register = (r: SimRouter, sim: Simulator): void => {
  const all = conversations(sim);

  /** The path's user (`me` or the account's own id) must be the token's account. */
  const userOf = (req: SimRequest) => {
    const me = authOf(req).account;
    return req.params.user === 'me' || req.params.user === me.id ? me : undefined;
  };

  const messageView = (c: SimConversation, m: SimMessage, detailed: boolean, fields: FieldSpec[]) => {
    const account = {
      id: c.account,
      username: sim.state.account('instagram', c.account)?.username ?? c.account,
    };
    const from = m.incoming ? c.person : account;
    const to = m.incoming ? account : c.person;
    const all: Record<string, unknown> = {
      id: m.id,
      created_time: graphTimeOf(m.createdAt),
      ...(detailed ? { from, to: { data: [to] }, message: m.text } : {}),
    };
    return selectFields(all, fields.length ? fields : [{ name: 'created_time' }]);
  };

  /** Newest first, details only for the 20 most recent. */
  const newestFirst = (c: SimConversation) =>
    [...c.messages]
      .reverse()
      .map((m, i) => ({ m, detailed: i < DETAILED, id: m.id, createdAt: m.createdAt }));

  const list = (req: SimRequest) => {
    const me = userOf(req);
    if (!me) return notFoundObject(req.params.user ?? '');
    const refused = needPermission(req, ...SCOPES);
    if (refused) return refused;
    const p = allParams(req);
    if (p.platform !== 'instagram')
      return metaError({ message: '(#100) The parameter platform is required (instagram)', code: 100 });
    const fields = parseFields(p.fields);
    const mine = [...all.values()]
      .filter((c) => c.account === me.id)
      .sort((a, b) => b.createdAt - a.createdAt);
    const page = graphPage(sim, req, 'instagram', mine, limitParam(p.limit, 100), p.after);
    if ('error' in page) return page.error;
    const msgs = fields.find((f) => f.name === 'messages');
    const data = page.page.map((c) =>
      selectFields(
        {
          id: c.id,
          updated_time: graphTimeOf(c.createdAt),
          participants: {
            data: [
              { id: me.id, username: me.username },
              { id: c.person.id, username: c.person.username },
            ],
          },
          messages: msgs
            ? {
                data: newestFirst(c)
                  .slice(0, msgs.limit ?? 25)
                  .map((x) => messageView(c, x.m, x.detailed, msgs.sub ?? [])),
              }
            : undefined,
        },
        fields.length ? fields : [{ name: 'updated_time' }],
      ),
    );
    return json(200, { data, paging: page.paging });
  };

  const read = (req: SimRequest) => {
    const refused = needPermission(req, ...SCOPES);
    if (refused) return refused;
    const c = all.get(req.params.id ?? '');
    if (!c || c.account !== authOf(req).account.id) return notFoundObject(req.params.id ?? '');
    const p = allParams(req);
    const page = graphPage(sim, req, 'instagram', newestFirst(c), limitParam(p.limit, 100), p.after);
    if ('error' in page) return page.error;
    const fields = parseFields(p.fields);
    return json(200, {
      data: page.page.map((x) => messageView(c, x.m, x.detailed, fields)),
      paging: page.paging,
    });
  };

  const send = (req: SimRequest) => {
    const me = userOf(req);
    if (!me) return notFoundObject(req.params.user ?? '');
    const refused = needPermission(req, ...SCOPES);
    if (refused) return refused;
    const b = bodyObject(req);
    const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
    const recipient = parse(b.recipient) as { id?: unknown } | undefined;
    const message = parse(b.message) as { text?: unknown } | undefined;
    const text = typeof message?.text === 'string' ? message.text : '';
    if (typeof recipient?.id !== 'string' || !text)
      return metaError({ message: '(#100) recipient.id and message.text are required', code: 100 });
    if (Buffer.byteLength(text) > 1000)
      return metaError({ message: '(#100) Message text must be at most 1000 bytes', code: 100 });
    const c = [...all.values()].find((x) => x.account === me.id && x.person.id === recipient.id);
    if (!c) return metaError({ message: '(#100) No matching user found', code: 100, error_subcode: 2018001 });
    const lastIn = c.messages.filter((m) => m.incoming).at(-1);
    if (!lastIn || sim.clock.now() - lastIn.createdAt > WINDOW_MS)
      return metaError({
        message: '(#10) This message is sent outside of allowed window.',
        code: 10,
        error_subcode: 2534022,
        error_user_title: 'Message not sent',
        error_user_msg:
          'This message was sent outside the 24-hour window after the person last messaged you, so it can not be delivered.',
      });
    const at = sim.clock.now();
    const sent: SimMessage = { id: messageId(), incoming: false, text, createdAt: at };
    c.messages.push(sent);
    c.createdAt = at;
    return json(200, { recipient_id: c.person.id, message_id: sent.id });
  };

  r.get('/:version/:user/conversations', list, { auth: true });
  r.get('/:version/:id/messages', read, { auth: true });
  r.post('/:version/:user/messages', send, { auth: true });
};
