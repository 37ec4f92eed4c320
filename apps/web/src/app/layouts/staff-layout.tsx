import { displayName } from '@odontia/shared';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ThemeMenu } from '@/components/theme-toggle';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Separator } from '@/components/ui/separator';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarRail,
  SidebarTrigger,
} from '@/components/ui/sidebar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useNotificationStream } from '@/features/notifications/hooks/use-notification-stream';
import { PatientSearch } from '@/features/patients/components/patient-search';
import { useSession } from '@/lib/session';
import { isForAccount, visibleNavGroups } from './nav';
import { SignOutDialog } from './sign-out-dialog';

/** The staff shell of spec 000 §2: collapsible sidebar, top bar, and the page in the inset. */
export default function StaffLayout() {
  const { account } = useSession();
  const location = useLocation();
  const [signOutOpen, setSignOutOpen] = useState(false);
  const permisos = new Set(account?.permisos ?? []);
  const email = account?.user.email ?? '';
  const name = displayName(account?.perfil, email);
  const esProveedor = account?.clinica?.esProveedor;
  const canSeeNotifications = permisos.has('notificaciones.ver');
  // One stream per tab while this member is signed in; closed on sign-out and when the shell unmounts.
  useNotificationStream(canSeeNotifications ? (account?.user.id ?? null) : null);

  const groups = visibleNavGroups(permisos, esProveedor);
  // The most specific entry is the current one: /compras/pedidos is 'Mis pedidos', not also 'Tienda'.
  const matches = (url: string) => location.pathname === url || location.pathname.startsWith(`${url}/`);
  const current = groups
    .flatMap((g) => g.entries)
    .filter((e) => matches(e.url))
    .sort((a, b) => b.url.length - a.url.length)[0]?.url;

  return (
    <SidebarProvider>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" asChild tooltip="Odontia">
                <Link to="/dashboard">
                  <span
                    className="bg-primary text-primary-foreground flex size-8 shrink-0 items-center justify-center rounded-lg font-bold"
                    aria-hidden="true"
                  >
                    O
                  </span>
                  <span className="flex min-w-0 flex-col leading-tight">
                    <span className="font-semibold">Odontia</span>
                    <span className="text-muted-foreground truncate text-xs">
                      {account?.clinica?.nombre ?? 'Tu clínica'}
                    </span>
                  </span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          {groups.map((group) => (
            <SidebarGroup key={group.label}>
              <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {group.entries.map((entry) => {
                    const active = entry.url === current;
                    return (
                      <SidebarMenuItem key={entry.url}>
                        <SidebarMenuButton asChild isActive={active} tooltip={entry.title}>
                          <NavLink to={entry.url}>
                            <entry.icon aria-hidden="true" />
                            <span>{entry.title}</span>
                          </NavLink>
                        </SidebarMenuButton>
                      </SidebarMenuItem>
                    );
                  })}
                  {group.label === 'Herramientas' && (
                    <SidebarMenuItem>
                      <SidebarMenuButton tooltip="Cerrar sesión" onClick={() => setSignOutOpen(true)}>
                        <LogOut aria-hidden="true" />
                        <span>Cerrar sesión</span>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  )}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </SidebarContent>
        <SidebarFooter>
          <div className="flex items-center gap-2 group-data-[collapsible=icon]:justify-center">
            <Avatar className="size-8">
              {account?.perfil.fotoUrl && <AvatarImage src={account.perfil.fotoUrl} alt="" />}
              <AvatarFallback name={name} />
            </Avatar>
            <div className="flex min-w-0 flex-1 flex-col text-sm leading-tight group-data-[collapsible=icon]:hidden">
              <span className="truncate font-medium" data-testid="shell-user-name">
                {name}
              </span>
              <span className="text-muted-foreground truncate text-xs">{email}</span>
            </div>
            <ThemeMenu className="group-data-[collapsible=icon]:hidden" />
          </div>
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        <header className="bg-background/95 sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b px-4 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4" />
          <div className="flex flex-1 items-center gap-2" id="shell-topbar">
            {permisos.has('pacientes.ver') && isForAccount('clinic', esProveedor) ? <PatientSearch /> : null}
            {canSeeNotifications ? (
              <div className="ml-auto">
                <NotificationBell />
              </div>
            ) : null}
          </div>
        </header>
        <div className="flex-1 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
      <SignOutDialog open={signOutOpen} onOpenChange={setSignOutOpen} />
    </SidebarProvider>
  );
}
