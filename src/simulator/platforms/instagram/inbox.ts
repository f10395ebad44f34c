/**
 * The Instagram inbox the simulator keeps: conversations of a professional
 * account with the people who wrote to it, and their messages. messages.ts serves
 * it over Graph's paths; people's messages come in through `addIncomingMessage`
 * (tests, and `POST /_sim/messages` of the control API).
 */
import { numericId } from '../../core/ids.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { pushInstagramMessage } from '../_shared/meta-webhooks.ts';

export interface SimMessage {
  id: string;
  /** True when the person wrote it, false when the account did. */
  incoming: boolean;
  text: string;
  createdAt: number;
}

export interface SimConversation {
  id: string;
  /** The Instagram professional account. */
  account: string;
  person: { id: string; username: string };
  /** Oldest first. */
  messages: SimMessage[];
  /** For paging: the time of the last message. */
  createdAt: number;
}

export const conversations = (sim: Simulator) =>
  sim.state.collection<SimConversation>('instagram', 'conversations');

export const messageId = () => `aWdfZAG1faXRlbTo${numericId(24)}`;

/** A message someone sends the account (their conversation is made on first contact); answers the conversation. */
export function addIncomingMessage(
  sim: Simulator,
  account: string,
  m: { from: { id: string; username: string }; text: string; at?: number },
): SimConversation {
  const all = conversations(sim);
  let c = [...all.values()].find((x) => x.account === account && x.person.id === m.from.id);
  if (!c) {
    c = { id: `aWdfZAG${numericId(20)}`, account, person: m.from, messages: [], createdAt: 0 };
    all.set(c.id, c);
  }
  const at = m.at ?? sim.clock.now();
  const id = messageId();
  c.messages.push({ id, incoming: true, text: m.text, createdAt: at });
  c.createdAt = Math.max(c.createdAt, at);
  pushInstagramMessage(sim, { account, from: m.from, id, text: m.text, createdAt: at });
  return c;
}
