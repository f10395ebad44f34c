// What saving a draft answered: a draft is kept whatever it lacks, and the answer lists
// what would stop it from being published now. Shown as hints to finish later, not as
// errors. The answer is handed to the page that opens the new draft (Compose, after its
// address changes to ?draft=…) through `savedDrafts`.
import { PLATFORM_LABELS, type PlatformName, type Problem } from '../../api/client.ts';

/** Answers of drafts just saved, by post id, until the draft's page has shown them. */
export const savedDrafts = new Map<string, Problem[]>();

/** "Pinterest: platformSpecificData.boardId is required" from the API's message. */
const wording = (p: Problem) =>
  p.platform
    ? `${PLATFORM_LABELS[p.platform as PlatformName] ?? p.platform}: ${p.message.replace(/^platforms\[\d+\] \([a-z]+\): /, '')}`
    : p.message;

export function DraftSaved(props: { problems: Problem[] }) {
  return (
    <div className="notice draft-saved" role="status">
      {props.problems.length === 0 ? (
        <p>Draft saved. It can be published as it is.</p>
      ) : (
        <>
          <p>Draft saved. Before it can be published:</p>
          <ul className="hints">
            {props.problems.map((p) => (
              <li key={`${p.target}-${p.message}`}>{wording(p)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
