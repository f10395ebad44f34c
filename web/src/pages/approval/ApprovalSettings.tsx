// The approval setting, where a manager looks for it: the project's mode (on the
// Approvals page) and each profile's (brand's) own mode, on the Approvals page and
// beside the profile on the Accounts page. Each mode is explained in a sentence; a
// person whose role can not change it sees the setting without the controls.
import { useId, useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { Loaded, useLoad } from '../../ui.tsx';
import { useCaller } from '../teams/permissions.tsx';
import { type ApprovalSettings, loadApprovalSettings } from './approvalRule.ts';

type Mode = ApprovalSettings['approval'];

export const MODE_WORDS: Record<Mode, { label: string; sentence: string }> = {
  off: {
    label: 'Off',
    sentence:
      'No approval step: editors and up publish directly, and contributors can only save drafts for them.',
  },
  contributors: {
    label: 'Contributors’ posts',
    sentence: 'A contributor’s post waits for an editor’s approval; editors and up publish directly.',
  },
  everyone: {
    label: 'Every post',
    sentence: 'Every post waits for approval before it goes out, whoever writes it.',
  },
};
const MODES = Object.keys(MODE_WORDS) as Mode[];

type Change = Parameters<typeof putSettings>[0];
const putSettings = (body: { approval?: Mode; profiles?: { profileId: string; approval: Mode | null }[] }) =>
  api.PUT('/v1/approval/settings', { body });

function useSettings() {
  const load = useLoad(loadApprovalSettings, []);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const change = async (body: Change, done: string) => {
    setMessage(null);
    const res = await putSettings(body);
    if (res.data) {
      setMessage({ ok: true, text: done });
      load.reload();
    } else setMessage({ ok: false, text: errorMessage(res.error) });
  };
  return { load, message, change };
}

function Said(props: { message: { ok: boolean; text: string } | null }) {
  if (!props.message) return null;
  return (
    <p role={props.message.ok ? 'status' : 'alert'} className={props.message.ok ? 'notice' : 'error-text'}>
      {props.message.text}
    </p>
  );
}

/** The project's mode and every profile's, on the Approvals page. */
export function ApprovalSettingsPanel(props: { profiles: { id: string; name: string }[] }) {
  const { load, message, change } = useSettings();
  const editable = useCaller().can('put', '/v1/approval/settings');
  return (
    <section className="card approval-settings" aria-labelledby="approval-settings-title">
      <h2 id="approval-settings-title">Approval setting</h2>
      <Loaded load={load} label="the approval setting" minHeight={120}>
        {(s) => (
          <>
            <fieldset disabled={!editable}>
              <legend>Which posts wait for approval in this project</legend>
              {MODES.map((m) => (
                <label key={m} className="mode-choice">
                  <input
                    type="radio"
                    name="approval-project"
                    checked={s.approval === m}
                    onChange={() =>
                      change(
                        { approval: m },
                        `Approval for the project: ${MODE_WORDS[m].label.toLowerCase()}.`,
                      )
                    }
                  />{' '}
                  <strong>{MODE_WORDS[m].label}</strong>: {MODE_WORDS[m].sentence}
                </label>
              ))}
            </fieldset>
            {props.profiles.length > 0 ? (
              <table className="profile-approval">
                <caption>Profiles (brands) with a setting of their own</caption>
                <thead>
                  <tr>
                    <th scope="col">Profile</th>
                    <th scope="col">Approval</th>
                  </tr>
                </thead>
                <tbody>
                  {[...props.profiles]
                    .sort((a, b) => a.name.localeCompare(b.name))
                    .map((p) => (
                      <tr key={p.id}>
                        <th scope="row">{p.name}</th>
                        <td>
                          <ProfileModeSelect
                            profile={p}
                            settings={s}
                            disabled={!editable}
                            onChange={(mode) =>
                              change(
                                { profiles: [{ profileId: p.id, approval: mode }] },
                                `Approval for ${p.name}: ${mode ? MODE_WORDS[mode].label.toLowerCase() : 'as the project'}.`,
                              )
                            }
                          />
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            ) : null}
            {editable ? null : <p className="hint">Only an admin or the owner can change this.</p>}
          </>
        )}
      </Loaded>
      <Said message={message} />
    </section>
  );
}

function ProfileModeSelect(props: {
  profile: { id: string; name: string };
  settings: ApprovalSettings;
  disabled: boolean;
  onChange: (mode: Mode | null) => void;
}) {
  const id = useId();
  const own = props.settings.profiles.find((x) => x.profileId === props.profile.id)?.approval ?? '';
  const shown = (own || props.settings.approval) as Mode;
  return (
    <>
      <select
        id={id}
        aria-label={`Approval for ${props.profile.name}`}
        aria-describedby={`${id}-says`}
        value={own}
        disabled={props.disabled}
        onChange={(e) => props.onChange((e.target.value || null) as Mode | null)}
      >
        <option value="">As the project ({MODE_WORDS[props.settings.approval].label.toLowerCase()})</option>
        {MODES.map((m) => (
          <option key={m} value={m}>
            {MODE_WORDS[m].label}
          </option>
        ))}
      </select>
      <span className="hint" id={`${id}-says`}>
        {' '}
        {MODE_WORDS[shown].sentence}
      </span>
    </>
  );
}

/** One profile's own mode, beside the profile on the Accounts page. */
export function ProfileApproval(props: { profile: { id: string; name: string } }) {
  const { load, message, change } = useSettings();
  const editable = useCaller().can('put', '/v1/approval/settings');
  return (
    <div className="profile-approval-one">
      <Loaded load={load} label="the approval setting" minHeight={32}>
        {(s) => (
          <ProfileModeSelect
            profile={props.profile}
            settings={s}
            disabled={!editable}
            onChange={(mode) =>
              change(
                { profiles: [{ profileId: props.profile.id, approval: mode }] },
                `Approval for ${props.profile.name}: ${mode ? MODE_WORDS[mode].label.toLowerCase() : 'as the project'}.`,
              )
            }
          />
        )}
      </Loaded>
      <Said message={message} />
    </div>
  );
}
