import { Outlet } from 'react-router';
import { BrandMark } from '@/components/brand';

/** /auth, password recovery and reset: the brand above one centred card. */
export default function AuthLayout() {
  return (
    <div className="bg-muted flex min-h-svh flex-col items-center justify-center gap-6 p-4 sm:p-6">
      <header>
        <BrandMark />
      </header>
      <main className="w-full max-w-md">
        <Outlet />
      </main>
    </div>
  );
}
