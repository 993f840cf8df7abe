import { QueryClient } from '@portal/shared/query';
import { PortalProvider, type ApiClient, type PortalIdentity } from '@portal/shared/client';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { Route, Routes, useLocation, useParams } from '@portal/shared/router';
import { renderRemote } from '../../../../../tools/jest/render-remote';
import { fakeApi, type Routes as ApiRoutes } from '../../../../../tools/jest/fake-api';
import { IDENTITY } from '../../common/testing/render-applicant-app';
import { ResponseEditor } from '../response-editor';
import { EDITOR_FORM, draftResponse } from './editor-fixtures';

function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{location.pathname}</p>;
}

/**
 * Mounts the ResponseEditor itself (nothing to load) at /apply/f/{formId}/{sectionId}, as the
 * shell mounts the remote, with an identity that can be left out. `invalidateQueries` spies on
 * every QueryClient (restored by jest.restoreAllMocks).
 */
export function renderEditor({
  form = EDITOR_FORM,
  initial = draftResponse(),
  sectionId = form.sections[0]?.sectionId ?? '',
  routes = {},
  identity = IDENTITY,
  state,
}: {
  form?: ApplicationForm;
  initial?: ApplicationResponse;
  sectionId?: string;
  routes?: ApiRoutes;
  identity?: PortalIdentity | null;
  /** The router state of the entry (e.g. the review page's `showIssues`). */
  state?: unknown;
} = {}) {
  const { api, request } = fakeApi(routes);
  const invalidateQueries = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
  function EditorRoute() {
    const params = useParams();
    return <ResponseEditor form={form} initial={initial} sectionId={params.sectionId} />;
  }
  function Remote() {
    return (
      <PortalProvider value={{ api: api as ApiClient, identity }}>
        <Routes>
          <Route path="f/:formId/:sectionId" element={<EditorRoute />} />
          <Route path="submit/:formId" element={<p>Submit page</p>} />
        </Routes>
        <CurrentPath />
      </PortalProvider>
    );
  }
  const path = `/apply/f/${form.id}/${sectionId}`;
  const view = renderRemote(Remote, {
    mountPath: '/apply',
    path: state === undefined ? path : { pathname: path, state },
    api,
  });
  /** The bodies of the PUT /application/save requests sent so far. */
  const saves = () =>
    request.mock.calls
      .filter(([method, path]) => method === 'PUT' && String(path).startsWith('/application/save/'))
      .map(([, , options]) => (options as { body: ApplicationResponse }).body);
  return { ...view, request, invalidateQueries, saves };
}
