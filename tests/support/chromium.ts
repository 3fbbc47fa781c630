// How Chromium is launched for the journeys and the view-render bench: headless in a container, without a GPU
// or a sandbox, and with nothing that reaches the internet in the background.
import { existsSync } from 'node:fs';

// Debian's old headless shell when it is installed (.ci/run installs it): the same Blink without the full
// browser's own interface and its processes, which took most of the CPU of the journeys run side by side on
// 2 cores. Else the full browser, in its headless mode.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
