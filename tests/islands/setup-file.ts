// Runs before each islands test file. The files share one worker and its loaded libraries (isolate: false in
// vitest.config.ts: jsdom and React once, not 40 times), so what one file leaves behind must not reach the next: the
// project's own modules load fresh for each file (their stores, undo histories and caches start empty), and after
// the file its rendered trees, fake timers, stubbed globals and storage are put back.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

vi.resetModules();
afterEach(() => cleanup());
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});
