import { useRef } from 'react';

type Handlers = {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A dialog's focus goes back where it was when the dialog opened. Radix returns it only to the dialog's
 * own Trigger; most of ours open from a button's state (the button outside the dialog), and then focus
 * fell to the page's body, so a keyboard user started again from the top. The opener is read as the
 * dialog takes focus (still the element that opened it) and focused on closing when it is still on the
 * page; a caller's own handlers run first and may prevent it.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: Handlers): Required<Handlers> {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
