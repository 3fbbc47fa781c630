// What each function does, in words: the published API description (GET /api/openapi.json, /api/docs).
// A function without a description does not compile.
import type { FunctionName } from '../../common/contract/functions';

export const FUNCTION_DESCRIPTIONS: Record<FunctionName, string> = {
  'list-workflows':
    'the seeded workflows and your own (with availability, language, voice, limits, price and the price calls are charged at)',
  'list-models':
    "the models the configured endpoint's `GET /models` lists (cached 60 s); empty when it lists none or cannot be reached, and a typed name is accepted",
  'list-bundles': 'your bundles (not deleted), each with its name, its progress and the workflows run on it',
  'estimate-cost':
    "tokens and dollars a run would cost, for a bundle or a list not yet sent: every product's own prompt built as the run builds it and counted with the model family's tokenizer (o200k_base or cl100k_base; for an unknown model cl100k_base stands in, and `tokenizer` says so), first calls' input in `first_call_prompt_tokens`; answers as long as the offline writer's copy scaled by how long your recent answers were; repair calls at the share of your recent products that needed one, variants and products of their own apart, on the workflow's model when 10 or more were written with it (or 0.3 with fewer than 10 to measure; `repair_rate` is the share expected), each as large as your recent repairs were against their first calls. Cached input is not assumed: the estimate errs high by the cache's discount. `language`: the catalogue's language as `new-bundle` would detect it (or the bundle's, as it was decided)",
  'view-bundle-workflow':
    "a page of a run's products (`limit`, default 500, max 2,000; `offset`; `has_more`, `next_offset`) and the whole run's `totals`; every answer carries a `cursor`: send it back as `since` to get only the products changed after it; send `If-None-Match` with the last `ETag` to get 304 when nothing changed (checked from indexed reads only, without reading products); `batches`: a batch workflow's Batch API batches (state, counts, submitted and finished times); `store_import`: a bundle made by `import-store`, its import's state (queued, running, done, failed), `products_read` of `products_total`, and `error`; `language`: the bundle's language (BCP 47), which copy is written in when the workflow names none, with `source` `detected` (and its `confidence`) or `user`, and `detected`: every language its products were detected in, with how many (more than one: a mixed catalogue); `estimate`: about what the whole run costs, from the prior or the trial until 10 products are written, then from the run’s own repair share and answer lengths (`basis`), with a `warning` as soon as it passes the spending cap or the month’s budget",
  'view-bundle-log': "a run's log, or one product's (`product_id`)",
  'view-compressed-image':
    'one compressed image as bytes (`X-Response-Format: Uint8Array`), once `compress-images` has made it; before that 409 `not_created`',
  'export-bundle':
    "a run as a file, streamed (`X-Response-Format: Uint8Array`): `csv`, `json`, `shopify`, `woocommerce`, `merchant` (a zip: the supplemental TSV with the main feed's ids per `merchant_id_scheme` `shopify` / `woocommerce` (+ `merchant_id_prefix`) / `sku` / `from_feed` with `main_feed: { text }`, and the report of products it has no id for; `merchant_attributes` adds `item_group_title` (the product's title, no variant values) and `question_and_answer` (`\"question\":\"answer\"` pairs from the product's `questions_and_answers`, a variant without its own taking its product's)), `redirects` (Shopify, `/products/` both sides), `woocommerce-redirects` (Redirection plugin CSV under `product_base`, `/product/` by default), `jsonld` (Product/ProductGroup; a product with a price gets `offers` with `price` and `priceCurrency`, the currency read from the price cell, else this request's `currency` (kept on the bundle), else the bundle's (`new-bundle`, `set-bundle-currency`), else a connected store's; priced products with none of these answer 400 naming `currency`), `agent-feed` (the Agentic Commerce Protocol's product feed, release 2026-04-17: a zip of `products.jsonl`, one Product per line with every sellable variant, its price in minor units, images with alt texts and the seller, `metadata.json` (FeedMetadata, `target_country` when sent) and a report of the products left out and why; `seller` names the seller and its `privacy_policy_url`, `terms_of_service_url`, `refund_policy_url` (needed: a missing one answers 400 naming it; name and `store_url` default to a connected store's), `store_url` places products known by handle, and `currency` as for `jsonld`). `only_approved: true`: csv, json and redirects hold the approved products; the store files hold a product whole (every variant and image) when its parent or any variant is approved, with the store's current text where the copy is not approved. Each exported product's export date is kept for the Search Console before/after report",
  'check-export':
    "what a run's export would lack, asked before the download: `currency` (the one `jsonld` and `agent-feed` use where a price names none) and `currency_needed` (products have prices and none is known: those exports answer 400 without `currency`); `merchant`: the supplemental feed's `items`, how many have no SKU, GTIN or MPN (`without_identifiers`), and a `warning` to show before the feed downloads (Merchant Center needs an identifier or identifier_exists no, and ids by SKU leave such items out)",
  'view-product-history':
    "a product's kept versions, newest first (one per generation, regeneration, edit and restore: `source` `generated`/`regenerated`/`edited`/`restored`); restore one as a new version, back to `pending`",
  'new-workflow':
    "make a workflow of your own: `name` (≤ 100), `model` (any name your endpoint serves, ≤ 200), `language` (BCP 47), `banned_phrases` and `protected_terms` (≤ 100 of ≤ 100 characters), `voice_notes`, `temperature` (0–2), `max_output_tokens` (16–32,000, sent as `max_tokens`), `price` (USD per million tokens, wins over the list price), `batch`, `batch_repairs` (`batch`: repairs in a follow-up batch at half price, the default; `direct`: at the full price, sooner), `sees_images` (each product's request carries its compressed photos as `image_url` data URLs, never the store's URL, and asks what the model saw in each: an image's `photo_facts`, to accept with `set-photo-fact`; not with `batch`), `image_detail` (`low`, the default, or `high`) and `max_images` (1–10 photos a product, 4 by default; [decision 041](docs/decisions/041-photos-to-models-that-see.md)). Another user's workflow answers 404 `unknown_workflow` everywhere",
  'update-workflow':
    "change one of your own workflows: any field `new-workflow` takes, and only those sent; another user's or a seeded workflow answers 404 `unknown_workflow`",
  'delete-workflow':
    "delete one of your own workflows; another user's answers 404 `unknown_workflow`, and a workflow a run uses cannot be deleted (400, delete those bundles first)",
  'new-bundle':
    "parse and validate the list (`columns` + `raw_csv`, or `store_export: { format: shopify | woocommerce | auto, text }` mapped with the browser importer's own mapper, keeping handles, ids, SKUs, options, the store's variant links and its existing SEO copy as `store_copy`; `fill_empty_only: true` keeps that copy in the store exports and fills only the empty fields; left out, it is true when any product of the file already has an SEO title or meta description, so the store's own copy is replaced only when asked), write everything in one transaction, and start the run at once: one job per product is queued and the answer names the run (`bundle_workflow_id`). `workflow_id` is optional: without it the run uses the first workflow available to you (the seeded ones first, the built-in writer when the server has no AI key). A list over 1,000 products writes the bundle, its products and the run, and a `prepare-run` job writes the run's rows and queues its jobs right after the answer (the run reads as 0 of N done meanwhile). Each product's language is detected from its name and the start of its body (tinyld; a list over 1,000 an even sample of 500 at once and the rest in `prepare-run`, before any copy is written), and the bundle's is the one most products are in; `language` (BCP 47: `fr`, `pt-BR`) sets it instead, and a tag the runtime cannot name answers 400 naming `language`",
  'set-spending-cap':
    "set or remove a bundle's spending cap; a paused run resumes when the cap allows. Every call reserves its worst case (prompt + `max_tokens` at its price) before it is sent and is refused when that could pass the cap; a model with no known price counts at the dearest listed price (gpt-4's), see `docs/decisions/010-reserve-before-sending.md`",
  'delete-bundle':
    'answers at once: marks the bundle deleted (every function then answers `unknown_bundle` for it) and queues a `purge-bundle` job that removes its rows in batches ([decision 009](docs/decisions/009-deleting-big-bundles.md))',
  'update-product-copy':
    'save your edits (same length limits; `questions_and_answers` as the JSON text of `[{ "question", "answer" }]`, else 400), logged and kept as a version; the product goes back to `pending` review. Send `expected_updated_at` (the `updated_at` you loaded): if the product changed since, it answers 409 `conflict` and changes nothing',
  'set-product-review': '`pending`, `approved` or `rejected` for one product or many',
  'set-locked-fields':
    'lock or unlock fields (`page_title` … `alt_texts`) on one product or many; regeneration never writes a locked field',
  'restore-product-version':
    "make one of a product's kept versions (`view-product-history`) its copy again, as a new version with `source` `restored`; the product goes back to `pending` review",
  'set-photo-fact':
    "accept (or un-accept) one fact a model that sees found in a photo (an image's `photo_facts`, each `from_image`: `name` and `value` as listed): accepted, the copy check reads it as product data, so a description may say it; until then only the photo's alt text may ([decision 044](docs/decisions/044-facts-from-the-photo.md)). The product's copy is checked again and the product answered; a fact the photo does not have answers 400 naming `name`",
  'new-bundle-workflow':
    'run another workflow on a bundle (a repeat is harmless); `only_top: N` runs it on only the N products with the most missed clicks in the latest Search Console import; `trial_id`: the trial the workflow won (`start-trial`), whose measured repairs and answer lengths the run’s estimate starts from',
  'start-trial':
    'compare two to four workflows on a sample of a bundle before running one on all of it: the sample (`sample_size`, default 10, or the products `product_ids` names) covers the bundle (a parent with its variants when it has both, the shortest and longest inputs, each product type); each workflow writes it as an ordinary run through the job queue, but into the trial’s own hidden bundle, so the bundle’s copy is never touched; `spending_cap_usd` caps the trial’s calls, all workflows together; `trial.completed` is sent when every workflow has settled',
  'view-trial':
    'a trial, workflow by workflow: cost so far and per product, tokens, seconds, the share of first answers that passed the checks, repairs, problems left and the copy, each summed from the product’s own log lines (`view-bundle-log` on the workflow’s `bundle_workflow_id`); `cost_per_1000_usd` scales the finished products’ cost to 1,000 like them',
  'list-trials':
    'a bundle’s trials, newest first: when each started and finished, its sample’s size and the workflows it compared; `view-trial` reads one',
  'regenerate-products':
    'write chosen products again, or every failed one; locked fields keep their text, and `lock_fields` locks more first ("keep my edits"); `only_top: N` takes the run’s products among the bundle’s top N by missed clicks',
  'compress-images':
    'compress product images of a run, all or the ones named (answers at once; over 1,000 images are marked and queued by a job). An image whose host timed out twice in a row in the same request fails with `skipped: host x timed out twice`',
  'job-queue-event-loop': 'run a worker inside the request for up to `exit_after_seconds`',
  'create-api-key':
    'Create an API key for your integrations: `name`, `scopes` (`read`: list, view, export; `write`: bundles, workflows, copy, review, webhooks; `run`: start, regenerate, compress; `push`: store pushes) and optionally `expires_in_days`. The key (`cl_…`) is in this answer only; only its SHA-256 is kept. Send it as `Authorization: Bearer cl_…`. Only a signed-in person may call this.',
  'list-api-keys':
    'Your API keys that are not revoked, newest first: name, prefix, scopes, created, expiry and last use. Never the key itself. Only a signed-in person may call this.',
  'revoke-api-key':
    'Revoke a key: from its next request on it answers 401. Only a signed-in person may call this.',
  'create-webhook':
    'Register an endpoint for signed events (`run.completed`, `run.paused`, `run.failed_products`, `push.completed`, `batch.completed`). The URL must be public http(s) (no private, loopback or metadata address). The signing secret (`whsec_…`) is in this answer only. Deliveries follow the Standard Webhooks spec (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and are retried for 24 hours (about 5 s, 30 s, 2 min, 10 min, 30 min, then hourly); an endpoint that fails for 24 hours is switched off and you are told by mail.',
  'list-webhooks':
    "Your webhooks with their latest delivery attempts (event, attempt, the receiver's status or error, duration), and why one was switched off.",
  'delete-webhook': 'Delete a webhook: nothing more is sent to it.',
  'test-webhook':
    'Send a `webhook.test` event to one of your webhooks now, signed and queued like any event; the attempt shows in `list-webhooks`.',
  'set-bundle-currency':
    "the ISO 4217 currency of a bundle's prices (`null` forgets it); also `currency` on `new-bundle`. A JSON-LD export of priced products needs a currency from the prices, the export, the bundle or the store; a bad code answers 400 naming `currency`",
  'import-search-data':
    'a Search Console Performance export into a bundle: the ZIP (`zip_base64`) or `Pages.csv` (`text`, with `period_start`/`period_end`); headers in the languages Search Console exports in, `10%`/`3,5 %` CTR, decimal commas; pages matched to products by normalised URL → `{ matched, matched_products, unmatched: [urls], period, columns_read }`',
  'view-search-priorities':
    'each matched product’s clicks, impressions, CTR, position, expected CTR and `missed_clicks`, most missed first ("not enough data" under 100 impressions)',
  'set-ctr-curve':
    'the expected-CTR-by-position curve the priorities use: AWR desktop by default (docs/ctr-curve.md), or your own; `null` restores the default',
  'view-search-report':
    'before/after: equal windows around each product’s export date, per product and per group (rewritten, position moved, control, whole bundle) with sample sizes; credited only where the mean position moved by at most 1',
  'view-spend':
    'your spend on the server’s AI key this calendar month (UTC), what of it is reserved for calls not yet settled, and USER_MONTHLY_BUDGET_USD',
  'connect-store':
    'connect a Shopify store (`access_token`, scopes read_products, write_products, write_files) or a WooCommerce store (`consumer_key`, `consumer_secret`, Read/Write): the credentials are proved with one read, sealed with AES-256-GCM and never returned; a wrong one, another platform, a missing scope, an unreachable, http (in production) or private address answers 400 naming it',
  'list-stores': 'your connected stores, without their credentials',
  'disconnect-store':
    'forget a connected store and its credentials; another user’s store answers 404 `unknown_store`',
  'import-store':
    'a connected store’s catalogue into a new bundle, as its own product export would make it (products, variants with their option values, images with their ids and alt texts, the store’s SEO copy as `store_copy`), with each product’s store ids and last change kept for pushes; answers like `new-bundle` at once, with the bundle and its run empty: an import-store job reads the store (Shopify by pages, or one bulk operation over 2,000 products; WooCommerce by pages of 100) and fills them in one transaction; `view-bundle-workflow`’s `store_import` shows its state, products read of the store’s count, and a failure’s reason; no run can start on the bundle until it is done; over 50,000 products and variants answers 400 (or fails the import while reading); the bundle’s language is detected from the products when they are filled, unless `language` (BCP 47) names it',
  'preview-push':
    'what a push would change now: each approved product’s fields with the store’s live value (`before`), ours (`after`) and why it will not be pushed (`conflict`: changed in the store since the import, deleted, already ours), conflicts first',
  'push-to-store':
    'push approved copy to a connected store through a job (Shopify productUpdate and fileUpdate; WooCommerce batches and the SEO plugin’s meta keys; the handle only with `write_handles`); every field is journaled with its before value and reread before it is written, so a store edit is never overwritten and a restart never writes twice',
  'view-push':
    'a push’s (or undo’s) state and each field’s result: written, skipped (with the conflict) or failed (with the store’s error)',
  'undo-push':
    'write a push’s before values back where the store still holds ours (the rest reported as conflicts), and remove the redirects it created; itself a push, watched with `view-push`',
  'list-workspaces':
    'the workspaces you are a member of, your personal one first, each with your `role` there; send a workspace’s id in the `X-Workspace-Id` header to act in it (without it, a signed-in call acts in your personal workspace; an API key always acts in its own)',
  'new-workspace': 'make a workspace (one per client, say) with you as its owner; at most 50 per person',
  'set-workspace-settings':
    'owner only: rename the workspace, require approval by a reviewer other than the product’s last editor (`require_other_reviewer`), or set its own monthly budget in USD (`monthly_budget_usd`, null for none); only the fields sent change',
  'list-members': 'the workspace’s members with their roles and budgets, and the invitations still open',
  'invite-member':
    'owner only: email a single-use link, good for 7 days, that lets the person with that address join as `owner`, `editor` (bundles, runs, copy, stores), `reviewer` (approve, export, push) or `viewer` (read and export); a newer invitation to the same address replaces the older',
  'accept-invite':
    'join the workspace an invitation names, signed in with the address it was sent to; a used, withdrawn or expired link answers 400',
  'set-member':
    'owner only: change a member’s `role` or monthly budget (`monthly_budget_usd`, null for the server’s default per member); a workspace keeps at least one owner, and a personal workspace its person',
  'remove-member':
    'owner only: remove a member; their next call in the workspace answers 403, their API keys here are revoked at once (`api_keys_revoked`), and what they made stays',
  'list-audit-events':
    'the workspace’s audit log, newest first: who (`actor`, and the API key’s prefix when it came through one) did what (`action`) to what (`target`) and when; members, roles, stores, pushes and undos, reviews, API keys, webhooks and exports. Never a secret. Page with `before_id` (`next_before_id`)',
};
