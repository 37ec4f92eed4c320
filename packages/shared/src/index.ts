export * from './format.ts';
export * from './images.ts';
export * from './permissions.ts';
export * from './schemas/auth.ts';
export * from './schemas/patients.ts';
export * from './directory.ts';
export * from './schemas/directory.ts';
