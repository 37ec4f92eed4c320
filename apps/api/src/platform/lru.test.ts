import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  it('drops the least recently used entry past its bound, a read counting as a use', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('replaces a key in place, as the most recently used, without growing', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 10);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(10);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.size).toBe(2);
  });

  it('bounds the total weight: heavy entries push out several light ones, one over the bound is not kept', () => {
    const lru = new Lru<string, string>(10, (s) => s.length);
    lru.set('a', 'xxx');
    lru.set('b', 'xxx');
    lru.set('c', 'xxx');
    expect(lru.weight).toBe(9);
    lru.set('d', 'xxxxxxx');
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([undefined, undefined, 'xxx']);
    expect(lru.weight).toBe(10);
    lru.set('c', 'x'.repeat(11));
    expect(lru.get('c')).toBeUndefined();
    expect(lru.get('d')).toBe('xxxxxxx');
    expect(lru.weight).toBe(7);
  });

  it('deletes and clears, keeping its weight right', () => {
    const lru = new Lru<string, string>(10, (s) => s.length);
    lru.set('a', 'xx');
    lru.set('b', 'xxx');
    lru.delete('a');
    lru.delete('missing');
    expect(lru.weight).toBe(3);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.weight).toBe(0);
  });
});
