import { data, type ActionFunctionArgs } from 'react-router';
import type { FormAnswer } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';

export const KIT_TASK_FAILED = 'The task could not be resolved. Please try again.';

/** An answer of the kit tasks page: which task's buttons it answers. */
export type KitTaskAnswer = FormAnswer & { taskId: string };

/**
 * The kit tasks page's action: a clinician sends another kit at no charge or refunds the order,
 * as the pressed button says; the API checks the role, resolves the task once and audits it.
 */
export async function kitTaskAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const taskId = formText(form, 'taskId');
  const move = formText(form, 'move');
  const note = formText(form, 'note') || undefined;
  const { api, cookies } = actionApi(request, context);
  try {
    if (move === 'replace') {
      await api.adminReplaceKitOfTask(taskId, note);
      return data<KitTaskAnswer>(
        { ok: true, taskId, message: 'Another kit is made at no charge; ship it from its order.' },
        { headers: cookies },
      );
    }
    if (move === 'refund') {
      await api.adminRefundKitOfTask(taskId, note);
      return data<KitTaskAnswer>(
        { ok: true, taskId, message: 'The order is refunded in full; the member gets an e-mail.' },
        { headers: cookies },
      );
    }
    return data<KitTaskAnswer>({ ok: false, taskId, message: KIT_TASK_FAILED, errors: {}, values: {} }, { status: 400, headers: cookies });
  } catch (error) {
    return data<KitTaskAnswer>({ ...refusedBy(error, KIT_TASK_FAILED, form), taskId }, { status: 400, headers: cookies });
  }
}
