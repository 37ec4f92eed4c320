import { describe, expect, it, vi } from 'vitest';
import { perInstance } from './per-instance.ts';

describe('perInstance', () => {
  it('makes one value per object, on first use, and gives it back after', () => {
    const make = vi.fn((key: { name: string }) => ({ of: key.name, hits: 0 }));
    const valueOf = perInstance(make);
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(make).not.toHaveBeenCalled();
    const first = valueOf(a);
    first.hits++;
    expect(valueOf(a)).toBe(first);
    expect(valueOf(a).hits).toBe(1);
    expect(valueOf(b)).toEqual({ of: 'b', hits: 0 });
    expect(valueOf(b)).not.toBe(first);
    expect(make).toHaveBeenCalledTimes(2);
  });
});
