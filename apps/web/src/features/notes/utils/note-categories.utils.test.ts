import { describe, expect, it } from 'vitest';
import { noteCategoryOptionsFor } from './note-categories.utils';

describe('noteCategoryOptionsFor', () => {
  it('offers merchants and parents plain notes only', () => {
    expect(noteCategoryOptionsFor('user')).toEqual([{ value: 'note', label: 'Note' }]);
    expect(noteCategoryOptionsFor('parent')).toEqual([{ value: 'note', label: 'Note' }]);
  });

  it('offers statement notes to admins only', () => {
    expect(noteCategoryOptionsFor('admin').map((option) => option.value)).toContain('statementNote');
    expect(noteCategoryOptionsFor('healnow').map((option) => option.value)).not.toContain('statementNote');
    expect(noteCategoryOptionsFor('healnow').map((option) => option.value)).toContain('risk');
  });
});
