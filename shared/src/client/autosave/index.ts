export * from './autosave-engine';
export * from './pending-saves';
export * from './use-autosave';
