/**
 * signature_pad's stand-in for jsdom, which draws nothing on a canvas: a pointer released on the pad's
 * canvas is a stroke (it is no longer empty and says 'endStroke'); clear() empties it. Tests mock the
 * module with it: `vi.mock('signature_pad', async () => ({ default: (await import('@/test/fake-signature-pad')).FakeSignaturePad }))`.
 */
export class FakeSignaturePad extends EventTarget {
  empty = true;
  constructor(readonly canvas: HTMLCanvasElement) {
    super();
    canvas.addEventListener('pointerup', () => {
      this.empty = false;
      this.dispatchEvent(new Event('endStroke'));
    });
  }
  isEmpty() {
    return this.empty;
  }
  clear() {
    this.empty = true;
  }
  toDataURL() {
    return 'data:image/png;base64,iVBORw0KGgo=';
  }
  off() {}
}
