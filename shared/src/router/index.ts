/**
 * The one door to react-router for every app. It is shared through Module Federation as a
 * singleton (so remotes see the shell's router), and because it re-exports only what the apps
 * use, the shared chunk carries a tree-shaken router instead of the whole library.
 */
export {
  BrowserRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction } from 'react-router-dom';
export { useUrlParams, type UrlParams, type UrlParamsWrite } from './url-params';
export { Link, type LinkProps } from './link';
