export * from './images.ts';
export * from './permissions.ts';
