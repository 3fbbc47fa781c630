// Every task the worker runs, by name.
import type { TaskList } from 'graphile-worker';

export const taskList: TaskList = {};
