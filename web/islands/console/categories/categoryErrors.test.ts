import { describe, expect, test } from 'bun:test';
import { ApiError } from '../../../lib/api';
import { categoryErrorMessage } from './categoryErrors';
import { tc } from '../../../strings/console';

const t = tc.categories;

describe('category editor messages (console.md §8)', () => {
  test('409 (in use) and in-use wording give the in-use text', () => {
    expect(categoryErrorMessage(new ApiError(409, 'ไม่สามารถแก้ไขหรือลบหมวดหมู่นี้ได้ เนื่องจากมีเอกสารใช้งานอยู่ กรุณาลบเอกสารก่อน', 'conflict'), 'delete')).toBe(t.inUse);
    expect(categoryErrorMessage(new Error('category is in use'), 'save')).toBe(t.inUse);
    expect(categoryErrorMessage(new ApiError(400, 'category cannot delete: documents exist', 'bad_request'), 'delete')).toBe(t.inUse);
  });
  test('401, 403 (per action), 404, 500 and network', () => {
    expect(categoryErrorMessage(new ApiError(401, 'x', 'unauthorized'), 'save')).toBe(t.unauthorized);
    expect(categoryErrorMessage(new ApiError(403, 'x', 'forbidden'), 'save')).toBe(t.forbiddenSave);
    expect(categoryErrorMessage(new ApiError(403, 'x', 'forbidden'), 'delete')).toBe(t.forbiddenDelete);
    expect(categoryErrorMessage(new ApiError(404, 'Category not found', 'not_found'), 'delete')).toBe(t.notFound);
    expect(categoryErrorMessage(new ApiError(500, 'boom', 'internal'), 'save')).toBe(t.server);
    expect(categoryErrorMessage(new ApiError(0, 'Unable to connect to server.', 'network'), 'save')).toBe(t.network);
  });
  test('otherwise a generic save or delete error', () => {
    expect(categoryErrorMessage(new Error('?'), 'save')).toBe(t.genericSave);
    expect(categoryErrorMessage(new Error('?'), 'delete')).toBe(t.genericDelete);
  });
});
