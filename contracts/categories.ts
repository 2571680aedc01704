// Categories' API shapes (console.md §5, §8). `ID` and `id` are the same value (the spec's payloads use both).
import { t } from 'elysia';
import { errorEnvelope, success } from './envelope';

export const Category = t.Object({ ID: t.String(), id: t.String(), categoryName: t.String(), documentCount: t.Number() });
export type Category = typeof Category.static;

export const CategoryResponses = {
  one: success(Category),
  list: success(t.Array(Category)),
  deleted: success(t.Object({ id: t.String() })),
  /** 409: the name is taken; the existing category comes back so the editor can select it. */
  duplicate: errorEnvelope({ data: t.Object({ existing: Category }) }),
};
