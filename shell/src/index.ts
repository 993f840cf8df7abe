// The shell runs its code directly (no async boundary): it shares modules with the remotes only
// once one is loaded (features/remotes/federation.ts).
import './bootstrap';
