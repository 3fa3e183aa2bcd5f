import { describe, expect, it } from 'vitest';
import { deviceOf } from './own-sessions';

describe('deviceOf', () => {
  it('names the browser and the system people know', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
  });

  it('says what it cannot tell', () => {
    expect(deviceOf(null)).toBe('Unknown browser');
    expect(deviceOf('curl/8.5.0')).toBe('Unknown browser');
    expect(deviceOf('SomeApp (Android 14)')).toBe('A browser on Android');
  });
});
