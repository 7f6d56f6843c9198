export * from './tenancy.js';
export * from './auth.js';
export * from './settings.js';
export * from './inbound.js';
export * from './sync.js';
export * from './printing.js';
export * from './items.js';
export * from './problems.js';
