export * from './auth.ts';
export * from './clinics.ts';
export * from './directory.ts';
export * from './patients.ts';
export * from './rate-limits.ts';
export * from './notifications.ts';
export * from './team.ts';
export * from './appointments.ts';
