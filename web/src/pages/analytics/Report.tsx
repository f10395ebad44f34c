// The printable report (/analytics/report?profileId=&from=&to=): one profile's (or
// every account's) period on one page — the summary against the previous period,
// each account's followers with its figures, the best hours and the top posts — laid
// out for paper, so the browser's Print saves it as a PDF. Read from the service's
// own history only.
import { PLATFORM_LABELS } from '../../api/client.ts';
import { useLocation } from '../../router.ts';
import { Link, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { loadProfiles } from '../planning/queues.ts';
import { FollowersChart } from './FollowersChart.tsx';
import { BestTimes } from './HistoryOverview.tsx';
import { accountName, loadSummary, periodOf, periodQuery } from './history.ts';
import { SummaryTables } from './SummaryTables.tsx';
import './report.css';

export default function Report() {
  const here = useLocation();
  const period = periodOf(here.searchParams);
  const key = periodQuery(period);
  const summary = useLoad(() => loadSummary(period), [key]);
  const profiles = useLoad(loadProfiles, []);
  const profileName =
    period.profileId === null
      ? 'Every account'
      : profiles.state === 'ready'
        ? (profiles.data.find((p) => p.id === period.profileId)?.name ?? 'A profile')
        : '…';
  return (
    <div className="an-report">
      <PageHeader title="Analytics report">
        <button type="button" className="an-no-print" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </PageHeader>
      <p className="an-report-what">
        <strong>{profileName}</strong>, {period.from} to {period.to}.{' '}
        <span className="an-no-print">
          <Link to="/analytics">Back to Analytics</Link>
        </span>
      </p>
      <Loaded load={summary} label="the report" minHeight={320}>
        {(s) => (
          <>
            <section className="an-report-part" aria-labelledby="rp-summary">
              <h2 id="rp-summary">Summary</h2>
              <SummaryTables summary={s} links={false} />
            </section>
            <section className="an-report-part" aria-labelledby="rp-followers">
              <h2 id="rp-followers">Followers</h2>
              {s.accounts.map((a) => (
                <FollowersChart
                  key={a.integrationId}
                  integrationId={a.integrationId}
                  name={`${PLATFORM_LABELS[a.platform]}: ${accountName(a)}`}
                  period={period}
                  openTable
                />
              ))}
            </section>
            <section className="an-report-part" aria-labelledby="rp-best">
              <h2 id="rp-best">Best times to post</h2>
              {period.profileId ? (
                <BestTimes who={{ profileId: period.profileId }} caption={`Best hours of ${profileName}`} />
              ) : (
                s.accounts.map((a) => (
                  <BestTimes
                    key={a.integrationId}
                    who={{ integrationId: a.integrationId }}
                    caption={`Best hours of ${PLATFORM_LABELS[a.platform]}: ${accountName(a)}`}
                  />
                ))
              )}
            </section>
          </>
        )}
      </Loaded>
    </div>
  );
}
