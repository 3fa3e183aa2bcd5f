import { describe, expect, it } from 'vitest';
import { noteText } from './note-text.utils';

describe('noteText', () => {
  it('reads the comment first', () => {
    expect(noteText({ comment: 'Called the owner', data: { message: 'x' } })).toBe('Called the owner');
  });

  it('falls back to what the data recorded: comment.comment, message or text', () => {
    expect(noteText({ comment: null, data: { comment: { comment: 'Nested' } } })).toBe('Nested');
    expect(noteText({ comment: '  ', data: { message: 'Status changed to Approved' } })).toBe(
      'Status changed to Approved',
    );
    expect(noteText({ comment: null, data: { text: 'Plain' } })).toBe('Plain');
  });

  it('is empty when nothing readable is there', () => {
    expect(noteText({ comment: null, data: null })).toBe('');
    expect(noteText({ comment: null, data: { message: 42 } })).toBe('');
  });
});
