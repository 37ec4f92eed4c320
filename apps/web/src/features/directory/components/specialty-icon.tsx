import {
  Activity,
  Baby,
  HeartPulse,
  Scissors,
  ShieldPlus,
  Smile,
  Sparkles,
  Stethoscope,
  type LucideIcon,
} from 'lucide-react';

/** The `icono` names of the seeded specialties (packages/shared directory.ts). */
const ICONS: Record<string, LucideIcon> = {
  stethoscope: Stethoscope,
  smile: Smile,
  activity: Activity,
  'heart-pulse': HeartPulse,
  baby: Baby,
  'shield-plus': ShieldPlus,
  sparkles: Sparkles,
  scissors: Scissors,
};

export function SpecialtyIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Stethoscope;
  return <Icon className={className} aria-hidden="true" />;
}
