import { Outlet } from 'react-router';
import { BrandHeader } from '@/components/brand';

/** Onboarding and first-time clinic setup: a brand header with the product name (spec 000 §2). */
export default function OnboardingLayout() {
  return (
    <div className="bg-muted flex min-h-svh flex-col">
      <BrandHeader />
      <main className="flex flex-1 justify-center p-4 sm:p-8">
        <div className="w-full max-w-2xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
