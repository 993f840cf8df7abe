import { useQuery } from '@tanstack/react-query';
import { usePortal } from '@portal/shared/client';
import { staffApplicationQueryOptions } from '../../api/dashboard';

export function useStaffApplication(responseId: string) {
  const { api } = usePortal();
  return useQuery(staffApplicationQueryOptions(api, responseId));
}
