// A trial's figures as the Trial screen says them: the comparison table's rows (one figure per row, one workflow
// per column), the progress sentence the live region reads out, and each product's copy by workflow.
import type { FunctionResponse } from '../../common/contract/functions';
import { COPY_FIELD_REGISTRY } from '../../common/copy-fields/registry';
import { formatCost } from '../lib/format-cost';

export type TrialView = FunctionResponse<'view-trial'>;
export type TrialWorkflow = TrialView['workflows'][number];
export type TrialSampleProduct = TrialView['sample'][number];

const count = (n: number) => n.toLocaleString('en-US');

function costOf(workflow: TrialWorkflow): string {
  if (!workflow.cost_unknown) return formatCost(workflow.cost_usd);
  return workflow.cost_usd > 0 ? `${formatCost(workflow.cost_usd)} + unknown` : 'unknown (no price)';
}

function costPer1000Of(workflow: TrialWorkflow): string {
  if (workflow.cost_unknown) return 'unknown (no price)';
  return workflow.cost_per_1000_usd === null ? 'none done yet' : formatCost(workflow.cost_per_1000_usd);
}

function passRateOf(workflow: TrialWorkflow): string {
  const checked = workflow.products.filter((product) => product.first_answer_passed !== null);
  if (workflow.first_answer_pass_rate === null || checked.length === 0) return 'none checked yet';
  const passed = checked.filter((product) => product.first_answer_passed).length;
  return `${Math.round(workflow.first_answer_pass_rate * 100)}% (${passed} of ${checked.length})`;
}

function writtenOf(workflow: TrialWorkflow): string {
  const failed = workflow.failed > 0 ? `, ${workflow.failed} failed` : '';
  return `${workflow.done} of ${workflow.total}${failed}`;
}

/** The comparison table, a row per figure: its label and each workflow's value, in the trial's order. */
export function comparisonRows(workflows: TrialWorkflow[]): { label: string; values: string[] }[] {
  const row = (label: string, value: (workflow: TrialWorkflow) => string) => ({
    label,
    values: workflows.map(value),
  });
  return [
    row('Model', (w) => w.model),
    row('Products written', writtenOf),
    row('Cost of the sample', costOf),
    row('Cost per 1,000 products', costPer1000Of),
    row('First answers that passed the checks', passRateOf),
    row('Repairs', (w) => count(w.repairs)),
    row('Problems left', (w) => count(w.problems_left)),
    row('Tokens', (w) => count(w.prompt_tokens + w.completion_tokens)),
    row('Time writing (per product, summed)', (w) => `${w.seconds.toFixed(1)} s`),
  ];
}

/** Products settled (done or failed) of all the workflows' products. */
export function trialProgress(trial: TrialView): { settled: number; total: number } {
  const sum = (pick: (w: TrialWorkflow) => number) => trial.workflows.reduce((n, w) => n + pick(w), 0);
  return { settled: sum((w) => w.done + w.failed), total: sum((w) => w.total) };
}

/** What the live region says: it changes as products are written, and once when the trial settles. */
export function progressSentence(trial: TrialView): string {
  const { settled, total } = trialProgress(trial);
  const workflows = `${trial.workflows.length} workflows`;
  if (trial.status === 'completed')
    return `The trial is complete: ${workflows} wrote ${count(total)} products in all. Compare them below.`;
  if (trial.status === 'paused') {
    const reason = trial.workflows.find((w) => w.paused_reason)?.paused_reason;
    return `The trial is paused at ${count(settled)} of ${count(total)} products${reason ? `: ${reason}` : '.'}`;
  }
  return `Writing the sample: ${count(settled)} of ${count(total)} products done by ${workflows}.`;
}

/** The copy compared side by side: the fields a search result shows. */
export const COMPARED_FIELDS = COPY_FIELD_REGISTRY.filter((field) =>
  ['page_title', 'meta_description', 'heading'].includes(field.name),
).map((field) => ({ name: field.name, label: field.review.label }));

export type CopyCell =
  | { kind: 'copy'; text: string; problems: string[] }
  | { kind: 'waiting' | 'failed' | 'empty' };

/** One field of one sample product as each workflow wrote it (or why there is nothing to show yet). */
export function copyCells(workflows: TrialWorkflow[], productId: number, field: string): CopyCell[] {
  return workflows.map((workflow) => {
    const product = workflow.products.find((p) => p.product_id === productId);
    if (!product || product.status === 'queued' || product.status === 'running') return { kind: 'waiting' };
    if (product.status === 'failed') return { kind: 'failed' };
    const text = product.copy[field];
    if (!text) return { kind: 'empty' };
    const problems = (product.problems ?? []).filter((p) => p.field === field).map((p) => p.message);
    return { kind: 'copy', text, problems };
  });
}
