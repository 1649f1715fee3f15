export * from './companies.ts';
export * from './devices.ts';
export * from './locations.ts';
export * from './settings.ts';
export * from './users.ts';
