// Admin access rights' API shapes (console.md §6, §7): one admin as the access page lists it.
import { t } from 'elysia';
import { success } from './envelope';

export const AdminItem = t.Object({
  id: t.String(),
  user_image: t.Nullable(t.String()),
  firstname: t.String(),
  lastname: t.String(),
  responsibility: t.String(),
  email: t.String(),
  role: t.Union([t.Literal('admin'), t.Literal('user')]),
  status: t.Boolean(),
  updatedAt: t.String(),
});
export type AdminItem = typeof AdminItem.static;

export const AdminResponses = {
  one: success(AdminItem),
  list: success(t.Array(AdminItem)),
};
