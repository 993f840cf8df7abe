export { ConflictsCard } from './conflicts-card';
export { DeclareConflictButton } from './declare-conflict-button';
