import { createContext, use, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@/lib/cx';

/**
 * Tabs for the public profile, with the WAI-ARIA tabs pattern (arrow keys, Home and End move
 * between tabs; each panel is labelled by its tab) and the looks of src/components/ui/tabs.tsx,
 * without Radix: the profile is a public page and every kilobyte counts on a phone.
 */
type TabsState = { value: string; setValue: (value: string) => void; baseId: string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('Tab fuera de <LightTabs>');
  return state;
}

// Not the `hidden` attribute: Tailwind's base layer hides it with !important, which an unlayered rule cannot outrank.
const NO_SCRIPT_STYLE =
  '[data-light-tabs] [role=tablist]{display:none}[data-light-tabs] [role=tabpanel]{display:block!important}';

export function LightTabs({
  defaultValue,
  value: chosen,
  onValueChange,
  className,
  children,
}: {
  defaultValue: string;
  /** Controlled: the page opens a tab itself (the profile's 'o envía una solicitud' opens Contacto). */
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const [own, setOwn] = useState(defaultValue);
  const value = chosen ?? own;
  const setValue = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  const baseId = useId();
  return (
    <TabsContext value={{ value, setValue, baseId }}>
      <div data-light-tabs="" className={cx('flex flex-col gap-4', className)}>
        {/* Without scripts the tabs cannot switch: every panel shows, one after the other. */}
        <noscript>
          <style>{NO_SCRIPT_STYLE}</style>
        </noscript>
        {children}
      </div>
    </TabsContext>
  );
}

export function LightTabsList({ label, children }: { label: string; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    tab.focus();
    tab.click();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="inline-flex h-9 w-full items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground sm:w-fit"
    >
      {children}
    </div>
  );
}

export function LightTab({ value, children }: { value: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${value}`}
      aria-selected={selected}
      aria-controls={`${tabs.baseId}-panel-${value}`}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      onClick={() => tabs.setValue(value)}
      className="inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap text-foreground transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground"
    >
      {children}
    </button>
  );
}

export function LightTabPanel({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs();
  // Every panel is in the page (the server's HTML has all the profile's content), the others hidden.
  return (
    <div
      role="tabpanel"
      data-state={tabs.value === value ? 'active' : 'inactive'}
      id={`${tabs.baseId}-panel-${value}`}
      aria-labelledby={`${tabs.baseId}-tab-${value}`}
      tabIndex={0}
      className={cx('outline-none data-[state=inactive]:hidden', className)}
    >
      {children}
    </div>
  );
}
