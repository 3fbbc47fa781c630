// Every JSON answer is parsed with the contract's response schema before it leaves (issue 25), so a handler
// that drifts from the contract fails here, on the server, rather than as "Could not validate response body"
// in someone's browser or integration. Outside production the 500 names the fields; in production the
// message stays generic and the mismatch is logged once per function per process.
import type { FunctionName } from '../../common/functions';
import { functions } from '../../common/functions';
import { AppError } from '../app-error';
import type { Logger } from '../logger';

const reported = new Set<FunctionName>();

export function checkAnswer(name: FunctionName, output: unknown, production: boolean, log: Logger): void {
  const result = functions[name].response.safeParse(output);
  if (result.success) return;
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
    .join('; ');
  if (!production) {
    log.error({ function: name, mismatch: details }, 'answer does not match the contract');
    throw new AppError('server_error', `The answer of ${name} does not match the contract: ${details}`);
  }
  if (!reported.has(name)) {
    reported.add(name);
    log.error({ function: name, mismatch: details }, 'answer does not match the contract');
  }
  throw new AppError('server_error', 'Something went wrong on our side.');
}
