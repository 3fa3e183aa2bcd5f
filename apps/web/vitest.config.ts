import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web tier's project; the root vitest.config.ts lists this file under test.projects.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // Each test file starts in a fresh module graph, and Node loads Mantine and the icon set as hundreds
    // (the icons: over six thousand) of small ES modules every time. Pre-bundled into one file each,
    // they cost about a fifth less CPU across the tier.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/dates',
            '@mantine/hooks',
            '@mantine/notifications',
            '@mantine/charts',
            '@mantine/dropzone',
            '@tabler/icons-react',
            'recharts',
          ],
        },
      },
    },
  },
});
