/**
 * The `limit` and `offset` query parameters of the list endpoints that page by
 * offset: 1 to 100 items, 20 unless asked, from the start unless told.
 */
import { Type } from 'typebox';

export const offsetPaging = () => ({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});
