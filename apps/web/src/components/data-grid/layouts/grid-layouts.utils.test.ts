import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { layoutFailureText, newLayoutNameError } from './grid-layouts.utils';

describe('newLayoutNameError', () => {
  it("requires a name that is not blank ('Field is required')", () => {
    expect(newLayoutNameError('grid', '', [])).toBe('Field is required');
    expect(newLayoutNameError('grid', ' \t ', [])).toBe('Field is required');
  });

  it('accepts a new name, trimmed, made of what a key may hold', () => {
    expect(newLayoutNameError('grid', '  Month end v2.1_final-cut ', [])).toBeNull();
  });

  it('refuses a name already saved', () => {
    expect(newLayoutNameError('grid', ' Daily ', ['Daily'])).toBe('A layout with this name already exists');
  });

  it('refuses characters and lengths the server would refuse in a key', () => {
    expect(newLayoutNameError('grid', 'Q1/Q2', [])).toBe(
      'Use letters, digits, spaces, dot, dash and underscore',
    );
    // Keys hold at most 300 characters: 'grid___' leaves 293 for the name.
    expect(newLayoutNameError('grid', 'n'.repeat(293), [])).toBeNull();
    expect(newLayoutNameError('grid', 'n'.repeat(294), [])).toBe('Use at most 293 characters');
  });
});

describe('layoutFailureText', () => {
  it("shows a refused save's reason, and 'Something went wrong' for anything else", () => {
    expect(
      layoutFailureText(new ApiError('GRID_LAYOUT_LIMIT_REACHED', 'At most 200 layouts can be saved', 422)),
    ).toBe('At most 200 layouts can be saved');
    expect(layoutFailureText(new ApiError('SERVER_ERROR', 'Something went wrong', 500))).toBe(
      'Something went wrong',
    );
    expect(layoutFailureText(new ApiError('VALIDATION_FAILED', 'body/columns: too small', 400))).toBe(
      'Something went wrong',
    );
    expect(layoutFailureText(new Error('boom'))).toBe('Something went wrong');
  });
});
