import { describe, expect, it } from 'vitest';
import { logoExtensionOf } from './logo.utils';

describe('logoExtensionOf', () => {
  it('accepts png, jpeg and jpg in any case and refuses the rest', () => {
    expect(logoExtensionOf('brand.PNG')).toBe('png');
    expect(logoExtensionOf('brand.jpeg')).toBe('jpeg');
    expect(logoExtensionOf('a.b.jpg')).toBe('jpg');
    expect(logoExtensionOf('brand.svg')).toBeNull();
    expect(logoExtensionOf('brand')).toBeNull();
  });
});
