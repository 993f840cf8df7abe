import { useMutation, useQueryClient } from '@portal/shared/query';
import { notify } from '@portal/shared/client';
import { staffKeys } from '../api/keys';

/**
 * The one way the admin app changes something: on success `success` (if given) is toasted,
 * `onSuccess` runs and every staff query is refreshed (or only those under `refresh`, for a change
 * that touches nothing else, such as a note: a page's other queries stay as they are); a failure
 * toasts the server's message unless the caller handles it (`onError` answers true).
 */
export function useStaffMutation<TVariables, TData>(
  action: (variables: TVariables) => Promise<TData>,
  options: {
    success?: (data: TData, variables: TVariables) => string | null;
    onSuccess?: (data: TData, variables: TVariables) => void | Promise<void>;
    onError?: (error: Error, variables: TVariables) => boolean | void;
    refresh?: readonly unknown[];
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async (data, variables) => {
      const message = options.success?.(data, variables);
      if (message) notify.success(message);
      await options.onSuccess?.(data, variables);
      await queryClient.invalidateQueries({ queryKey: options.refresh ?? staffKeys.all });
    },
    onError: (error, variables) => {
      if (options.onError?.(error, variables) === true) return;
      notify.error(error.message);
    },
  });
}
