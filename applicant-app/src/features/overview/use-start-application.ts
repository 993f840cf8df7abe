import { useMutation, useQueryClient } from '@portal/shared/query';
import { applicationKeys, notify, startApplication, usePortal } from '@portal/shared/client';
import { visibleSections } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { useNavigate } from '@portal/shared/router';
import { editorPath } from '../../lib/application-status';

/** Creates (or reuses) the applicant's response for the form, then opens its first visible section. */
export function useStartApplication(form: ApplicationForm) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => startApplication(api, form.id),
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      navigate(editorPath(form.id, visibleSections(form, response.rolesApplied)[0]?.sectionId));
    },
    onError: (error) => notify.error(`Could not open your application: ${error.message}`),
  });
}
