/**
 * LinkedIn's version rule, for every `/rest/` call of the simulator: the
 * `LinkedIn-Version: YYYYMM` header is required (400 VERSION_MISSING) and must
 * name a version of the last 12 months, not one from the future (426
 * NONEXISTENT_VERSION), as LinkedIn retires versions after about a year.
 */
import { headerValue, json, type SimRequest, type SimResponse } from '../../core/http.ts';

export function versionProblem(req: SimRequest, now: Date): SimResponse | undefined {
  const v = headerValue(req, 'linkedin-version');
  if (!v)
    return json(400, {
      status: 400,
      code: 'VERSION_MISSING',
      message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    });
  const m = /^(\d{4})(\d{2})(\.\d+)?$/.exec(v);
  const months = m
    ? now.getUTCFullYear() * 12 + now.getUTCMonth() - (Number(m[1]) * 12 + Number(m[2]) - 1)
    : -1;
  if (months < 0 || months > 12)
    return json(426, {
      status: 426,
      code: 'NONEXISTENT_VERSION',
      message: `Requested version ${v} is not active`,
    });
  return undefined;
}
