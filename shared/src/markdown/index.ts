export * from './plain';
export * from './rendered';
export * from './to-html';
