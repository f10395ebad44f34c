// "When": now, or at a wall-clock time in a chosen zone (a scheduled post can not be
// turned into "now"; it is rescheduled instead).
import { describedBy, Field, TimeZoneSelect } from '../../ui.tsx';

export type When = 'now' | 'later';

export function WhenFields(props: {
  when: When;
  onWhen: (w: When) => void;
  at: string;
  onAt: (at: string) => void;
  timezone: string;
  onTimezone: (zone: string) => void;
  messages: string[];
  nowAllowed: boolean;
}) {
  return (
    <fieldset className="when">
      <legend>When</legend>
      <label>
        <input
          type="radio"
          name="when"
          checked={props.when === 'now'}
          onChange={() => props.onWhen('now')}
          disabled={!props.nowAllowed}
        />{' '}
        Publish now
      </label>
      <label>
        <input
          type="radio"
          name="when"
          checked={props.when === 'later'}
          onChange={() => props.onWhen('later')}
        />{' '}
        Schedule
      </label>
      {props.when === 'later' ? (
        <div className="when-fields">
          <Field id="scheduled-for" label="Date and time" messages={props.messages}>
            <input
              id="scheduled-for"
              type="datetime-local"
              value={props.at}
              onChange={(e) => props.onAt(e.target.value)}
              {...describedBy('scheduled-for', props.messages)}
            />
          </Field>
          <Field id="timezone" label="Time zone">
            <TimeZoneSelect id="timezone" value={props.timezone} onChange={props.onTimezone} />
          </Field>
        </div>
      ) : (
        <ul className="messages" aria-live="polite">
          {props.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
