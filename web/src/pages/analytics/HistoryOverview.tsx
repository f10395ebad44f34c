// The analytics history on the Analytics page: for a profile (or every account) and
// a period, the summary against the previous period, an account's followers over
// time, the best hours to post as a heat map, the CSV export and the printable
// report. Everything here is read from the service's own history, so it loads at
// once and costs nothing.
import { useEffect, useState } from 'react';
import { PLATFORM_LABELS } from '../../api/client.ts';
import { Link, Loaded, useLoad } from '../../ui.tsx';
import { useBrand } from '../accounts/BrandFilter.tsx';
import { loadProfiles } from '../planning/queues.ts';
import { BestTimesMap } from './BestTimesMap.tsx';
import { ExportLink } from './ExportLink.tsx';
import { FollowersChart } from './FollowersChart.tsx';
import {
  accountName,
  lastDays,
  loadBestTimes,
  loadSummary,
  type Period,
  periodQuery,
  type SummaryAccount,
} from './history.ts';
import { SummaryTables } from './SummaryTables.tsx';

export function HistoryOverview() {
  const profiles = useLoad(loadProfiles, []);
  // The brand chosen on any page is the profile the history starts with, and follows it.
  const brand = useBrand();
  const brandProfile = brand && brand !== 'null' ? brand : null;
  const [draft, setDraft] = useState<Period>({ profileId: brandProfile, ...lastDays(30) });
  const [period, setPeriod] = useState<Period>(draft);
  useEffect(() => {
    setDraft((d) => ({ ...d, profileId: brandProfile }));
    setPeriod((p) => ({ ...p, profileId: brandProfile }));
  }, [brandProfile]);
  const summary = useLoad(() => loadSummary(period), [period]);
  return (
    <section className="an-section" aria-labelledby="an-history">
      <h2 id="an-history">History</h2>
      <p className="hint">
        Collected by the service every day from each account and at 1 h, 6 h, 24 h, 3 d, 7 d and 30 d after
        each post: reading it costs no credit.
      </p>
      <form
        className="an-controls"
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod(draft);
        }}
      >
        <label>
          Profile
          {/* Named "Profile" alone, not by the chosen option too, as the page's other filters are. */}
          <select
            aria-label="Profile"
            value={draft.profileId ?? ''}
            onChange={(e) => setDraft({ ...draft, profileId: e.target.value || null })}
          >
            <option value="">Every account</option>
            {(profiles.state === 'ready' ? profiles.data : []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input
            type="date"
            value={draft.from}
            max={draft.to}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={draft.to}
            min={draft.from}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit">Show the period</button>
      </form>
      <p className="an-links">
        <ExportLink period={period} />
        {' · '}
        <Link to={`/analytics/report?${periodQuery(period)}`}>Printable report of this period</Link>
      </p>
      <Loaded load={summary} label="the summary" minHeight={240}>
        {(s) => (
          <>
            <h3>Summary</h3>
            <SummaryTables summary={s} />
            <AccountSections period={period} accounts={s.accounts} />
          </>
        )}
      </Loaded>
    </section>
  );
}

function AccountSections(props: { period: Period; accounts: SummaryAccount[] }) {
  const { accounts } = props;
  const [chosen, setChosen] = useState(accounts[0]?.integrationId ?? '');
  const account = accounts.find((a) => a.integrationId === chosen) ?? accounts[0];
  if (!account) return null;
  const name = `${PLATFORM_LABELS[account.platform]}: ${accountName(account)}`;
  return (
    <>
      <h3>Followers over time</h3>
      <label className="an-account-choice">
        Followers of{' '}
        <select value={account.integrationId} onChange={(e) => setChosen(e.target.value)}>
          {accounts.map((a) => (
            <option key={a.integrationId} value={a.integrationId}>
              {PLATFORM_LABELS[a.platform]}: {accountName(a)}
            </option>
          ))}
        </select>
      </label>
      <FollowersChart integrationId={account.integrationId} name={name} period={props.period} />
      <h3>Best times to post</h3>
      <BestTimes
        who={
          props.period.profileId
            ? { profileId: props.period.profileId }
            : { integrationId: account.integrationId }
        }
        caption={props.period.profileId ? 'Best hours of the profile' : `Best hours of ${name}`}
      />
    </>
  );
}

export function BestTimes(props: {
  who: { profileId: string } | { integrationId: string };
  caption: string;
}) {
  const key = 'profileId' in props.who ? `p:${props.who.profileId}` : `i:${props.who.integrationId}`;
  const answer = useLoad(() => loadBestTimes(props.who), [key]);
  return (
    <Loaded load={answer} label="the best times" minHeight={200}>
      {(a) => <BestTimesMap answer={a} caption={props.caption} />}
    </Loaded>
  );
}
