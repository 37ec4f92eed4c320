import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { installMatchMedia } from './media';

// jsdom lacks these browser APIs that Radix primitives call.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

/**
 * Any console.error fails the test: React reports missing keys, act() problems and invalid markup
 * there, and a Radix dialog without a title warns there too. A test that expects an error replaces
 * the spy's implementation itself: vi.spyOn(console, 'error').mockImplementation(() => {}).
 */
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    original(...args);
  });
  installMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; path=/; max-age=0`;
  }
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');

  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const first = errors[0].map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    throw new Error(`console.error was called ${errors.length} time(s) during the test. First call: ${first}`);
  }
});
