import { useId, useState, type KeyboardEvent } from 'react';

/**
 * An ARIA 1.2 combobox with a listbox popup (the top bar's patient search, the forms' patient picker):
 * the input keeps focus, the arrows move through the options (aria-activedescendant), Enter picks
 * the active option (or the only one), Escape closes the list, a click picks. `canExpand` says when
 * the list may show (something typed, not disabled).
 */
export function useCombobox<T>({
  options,
  canExpand,
  onChoose,
}: {
  options: T[];
  canExpand: boolean;
  onChoose: (option: T) => void;
}) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && canExpand;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (option: T) => {
    setOpen(false);
    setActive(-1);
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        const n = options.length;
        if (n) setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
        break;
      }
      case 'Enter': {
        const target = options[active] ?? (options.length === 1 ? options[0] : undefined);
        if (expanded && target !== undefined) {
          event.preventDefault();
          choose(target);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return {
    expanded,
    active,
    listboxId,
    open: () => setOpen(true),
    /** What the input needs; call `typed` from its onChange. */
    inputProps: {
      role: 'combobox' as const,
      'aria-expanded': expanded,
      'aria-controls': listboxId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': expanded && options[active] !== undefined ? optionId(active) : undefined,
      autoComplete: 'off',
      onFocus: () => setOpen(true),
      // A click on an option happens before blur closes the list (its mousedown is prevented).
      onBlur: () => setOpen(false),
      onKeyDown,
    },
    typed: () => {
      setOpen(true);
      setActive(-1);
    },
    optionProps: (option: T, index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': index === active,
      onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
      onClick: () => choose(option),
      onMouseMove: () => setActive(index),
    }),
  };
}
