import { afterEach, beforeEach, expect, vi } from 'vitest';

process.env.NODE_ENV = 'test';

// An unexpected console.error is a failure: it usually means a swallowed error.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, 'console.error was called').toEqual([]);
});
