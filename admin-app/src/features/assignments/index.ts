export { AssignStaff } from './assign-staff';
export { AssignmentsPage } from './assignments-page';
export { StaffAssessmentsPage } from './staff-assessments-page';
