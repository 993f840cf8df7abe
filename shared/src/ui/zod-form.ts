import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod/mini';

/** An antd form rule from the same zod schema the server validates with. */
export function zodRule(schema: z.ZodMiniType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

interface FieldIssue {
  path: string;
  message: string;
}

function isFieldIssues(value: unknown): value is FieldIssue[] {
  return Array.isArray(value) && value.every((item) => typeof (item as FieldIssue)?.path === 'string');
}

/** Shows the server's per-field errors (`details` of a 400) at the fields; returns whether any matched. */
export function showServerFieldErrors(form: FormInstance, details: unknown): boolean {
  if (!isFieldIssues(details)) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = details
    .filter((issue) => known.has(issue.path))
    .map((issue) => ({ name: issue.path, errors: [issue.message] }));
  form.setFields(fields);
  return fields.length > 0;
}
