// SPEC §4, §7, §9: keeps the background job queue running while the app is open by calling
// job-queue-event-loop on load and every 30 seconds. Each call works for up to 30 seconds, so the next
// one starts 30 seconds after the last one started, or at once when it took longer.
import { useEffect, useState } from 'react';
import { JOB_LOOP_EXIT_AFTER_SECONDS, JOB_LOOP_INTERVAL_MS } from '../../common/contract/constants';
import { isJobLoopActive } from '../api/error-messages';
import { invoke } from '../api/invoke';

/** Whether the job loop is active: true by default, false after a failed call, true after a success. */
export function useJobLoop(): boolean {
  const [isActive, setIsActive] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      const startedAt = Date.now();
      try {
        const result = await invoke(
          'job-queue-event-loop',
          { exit_after_seconds: JOB_LOOP_EXIT_AFTER_SECONDS },
          { signal: controller.signal },
        );
        if (controller.signal.aborted) return;
        if (result.error && result.error.type !== 'already_running') {
          console.warn('The job loop call failed:', result.error.message, result.error.detail ?? '');
        }
        setIsActive(isJobLoopActive(result.error));
      } catch {
        // Aborted on unmount.
        return;
      }
      timer = setTimeout(run, Math.max(0, JOB_LOOP_INTERVAL_MS - (Date.now() - startedAt)));
    };
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);

  return isActive;
}
