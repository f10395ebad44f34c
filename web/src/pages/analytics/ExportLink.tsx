// The CSV export of a period's metric snapshots (GET /v1/analytics/export). The link
// works as it is for a person signed in with the session cookie; a click fetches it
// through the API client instead, so an operator signed in with an access key (sent
// as a header, which a plain link can not carry) gets the file too.
import { useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { type Period, periodQuery } from './history.ts';

export function ExportLink(props: { period: Period }) {
  const [error, setError] = useState('');
  const href = `/v1/analytics/export?format=csv&${periodQuery(props.period)}`;
  const name = `analytics-${props.period.from}-${props.period.to}.csv`;
  const download = async (e: React.MouseEvent) => {
    e.preventDefault();
    setError('');
    const { profileId, from, to } = props.period;
    const res = await api
      .GET('/v1/analytics/export', {
        params: { query: { format: 'csv', from, to, ...(profileId ? { profileId } : {}) } },
        parseAs: 'blob',
      })
      .catch(() => null);
    if (!res?.response.ok || !(res.data instanceof Blob))
      return setError(errorMessage(res?.error, 'The export could not be read'));
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <>
      <a href={href} download={name} onClick={download} data-testid="export-link">
        Download the metric snapshots as CSV
      </a>
      {error ? (
        <span className="error-text" role="alert">
          {' '}
          {error}
        </span>
      ) : null}
    </>
  );
}
