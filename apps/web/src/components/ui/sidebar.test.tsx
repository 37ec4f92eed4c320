import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import {
  Sidebar,
  SidebarContent,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
} from '@/components/ui/sidebar';
import { setMedia } from '@/test/media';

function Shell() {
  return (
    <SidebarProvider>
      <Sidebar>
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton isActive tooltip="Pacientes">
                <span>Pacientes</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <SidebarTrigger />
      </SidebarInset>
    </SidebarProvider>
  );
}

function desktopSidebar() {
  const element = document.querySelector<HTMLElement>('[data-slot="sidebar"]');
  if (!element) throw new Error('sidebar not rendered');
  return element;
}

function pressShortcut(init: KeyboardEventInit) {
  fireEvent.keyDown(window, { key: 'b', ...init });
}

describe('Sidebar', () => {
  it('starts expanded when no choice is remembered', () => {
    render(<Shell />);
    expect(desktopSidebar().dataset.state).toBe('expanded');
    expect(
      screen.getByRole('button', { name: 'Mostrar u ocultar la barra lateral' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('toggles with Ctrl+B and Cmd+B, and remembers the state in the sidebar_state cookie', () => {
    const cookieWrites: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      cookie?.set?.call(document, value);
    });
    render(<Shell />);

    pressShortcut({ ctrlKey: true });
    expect(desktopSidebar().dataset.state).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(cookieWrites.at(-1)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');

    pressShortcut({ metaKey: true });
    expect(desktopSidebar().dataset.state).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('ignores B alone and other modifier combinations', () => {
    render(<Shell />);
    pressShortcut({});
    pressShortcut({ ctrlKey: true, shiftKey: true });
    pressShortcut({ ctrlKey: true, altKey: true });
    expect(desktopSidebar().dataset.state).toBe('expanded');
  });

  it('restores the remembered state on the next visit', () => {
    document.cookie = 'sidebar_state=false; path=/';
    render(<Shell />);
    expect(desktopSidebar().dataset.state).toBe('collapsed');

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar u ocultar la barra lateral' }));
    expect(desktopSidebar().dataset.state).toBe('expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('takes a collapsed off-canvas sidebar out of the tab order', () => {
    render(<Shell />);
    const container = document.querySelector('[data-slot="sidebar-container"]');
    expect(container?.hasAttribute('inert')).toBe(false);

    pressShortcut({ ctrlKey: true });
    expect(container?.hasAttribute('inert')).toBe(true);
  });

  it('becomes an off-canvas sheet below 768 px, without touching the remembered desktop state', () => {
    setMedia({ width: 767 });
    render(<Shell />);
    expect(screen.queryByRole('dialog')).toBeNull();

    pressShortcut({ ctrlKey: true });
    const sheet = screen.getByRole('dialog', { name: 'Menú de navegación' });
    expect(sheet.textContent).toContain('Pacientes');
    expect(document.cookie).not.toContain('sidebar_state');

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Widening the window brings back the docked sidebar.
    act(() => setMedia({ width: 1024 }));
    expect(desktopSidebar().dataset.state).toBe('expanded');
  });
});
