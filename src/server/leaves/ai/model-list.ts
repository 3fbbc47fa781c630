// The models the configured OpenAI-compatible endpoint serves, from its GET /models, kept for a minute so the
// Workflows screen can offer them without asking the endpoint on every keystroke. An endpoint that lists
// nothing, or cannot be reached, gives an empty list: a typed model name is accepted all the same. Only a
// listing that named models is kept: a failed or empty one (an endpoint still loading its model) is asked
// again on the next request.
import OpenAI from 'openai';

export type ListedModel = { id: string };

/** Long enough to spare the endpoint, short enough that a model pulled into Ollama shows up soon. */
const CACHE_MS = 60_000;
/** Listing is a convenience: give up quickly rather than hold the screen. */
const LIST_TIMEOUT_MS = 5_000;

export class ModelList {
  #cached: { models: ListedModel[]; until: number } | undefined;
  #pending: Promise<ListedModel[]> | undefined;

  constructor(
    private readonly settings: { apiKey?: string; baseURL?: string; fetch?: typeof fetch },
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<ListedModel[]> {
    if (!this.settings.apiKey) return [];
    if (this.#cached && this.#cached.until > this.now()) return this.#cached.models;
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #fetch(): Promise<ListedModel[]> {
    let models: ListedModel[];
    try {
      const client = new OpenAI({
        apiKey: this.settings.apiKey,
        baseURL: this.settings.baseURL,
        maxRetries: 0,
        timeout: LIST_TIMEOUT_MS,
        fetch: this.settings.fetch,
      });
      const ids = new Set<string>();
      for await (const model of client.models.list()) {
        if (typeof model.id === 'string' && model.id.trim()) ids.add(model.id);
        if (ids.size >= 1_000) break;
      }
      models = [...ids].sort((a, b) => a.localeCompare(b)).map((id) => ({ id }));
    } catch {
      // An endpoint without GET /models (some proxies), or one that is down: no suggestions, typing still works.
      return [];
    }
    if (models.length > 0) this.#cached = { models, until: this.now() + CACHE_MS };
    return models;
  }
}
