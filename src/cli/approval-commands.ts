/**
 * Approval from the command line (through the API, like the other user commands):
 *   post approve POST_ID [--note TEXT]    approve a post awaiting approval
 *   post reject POST_ID --note TEXT       send it back to draft with what should change
 *   post notes POST_ID [--add TEXT]       its notes and approval history; --add writes a note
 */
import type { Command } from 'commander';
import { type ApiOptions, apiClient, output } from './api-client.ts';
import { withApi } from './user-commands.ts';

interface NoteView {
  kind: string;
  author: string;
  text: string;
  createdAt: string;
}

const path = (postId: string, rest = '') => `/v1/posts/${encodeURIComponent(postId)}${rest}`;

export function registerApprovalCommands(program: Command): void {
  const post = program.commands.find((c) => c.name() === 'post');
  if (!post) throw new Error('the post command is registered before approval');
  withApi(
    post
      .command('approve')
      .description('Approve a post awaiting approval: it is charged, then scheduled or published now')
      .argument('<postId>')
      .option('--note <text>', 'a note for the history'),
  ).action(async (postId: string, o: ApiOptions & { note?: string }) => {
    const res = await apiClient(o)<{ message: string }>(
      'POST',
      path(postId, '/approve'),
      o.note ? { note: o.note } : {},
    );
    output(o.json, res, `Post ${postId}: ${res.message}`);
  });
  withApi(
    post
      .command('reject')
      .description('Request changes on a post awaiting approval: it goes back to draft with the note')
      .argument('<postId>')
      .requiredOption('--note <text>', 'what should change'),
  ).action(async (postId: string, o: ApiOptions & { note: string }) => {
    const res = await apiClient(o)<{ message: string }>('POST', path(postId, '/reject'), { note: o.note });
    output(o.json, res, `Post ${postId}: ${res.message}`);
  });
  withApi(
    post
      .command('notes')
      .description("A post's notes and approval history, oldest first")
      .argument('<postId>')
      .option('--add <text>', 'add a note first'),
  ).action(async (postId: string, o: ApiOptions & { add?: string }) => {
    const api = apiClient(o);
    if (o.add) await api('POST', path(postId, '/notes'), { text: o.add });
    const res = await api<{ notes: NoteView[] }>('GET', path(postId, '/notes'));
    const lines = res.notes.map(
      (n) => `${n.createdAt}  ${n.kind}  ${n.author}${n.text ? `: ${n.text}` : ''}`,
    );
    output(o.json, res, lines.join('\n') || 'No notes yet.');
  });
}
