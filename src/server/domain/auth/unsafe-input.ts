// better-auth passes what it is sent to PostgreSQL; a NUL or a lone surrogate there is a 500. This answers
// such an auth request with a 400 before better-auth sees it, in better-auth's own error shape.
import { findUnsafeText, formatPath } from '../../../common/contract/unsafe-text';

export async function unsafeAuthInput(request: Request): Promise<string | null> {
  const url = new URL(request.url);
  let found = findUnsafeText(Object.fromEntries(url.searchParams));
  if (!found && request.method === 'POST' && /json/i.test(request.headers.get('content-type') ?? '')) {
    try {
      found = findUnsafeText(JSON.parse(await request.clone().text()));
    } catch {
      return null; // better-auth answers malformed JSON itself
    }
  }
  return found
    ? `${formatPath(found.path) || 'body'} contains ${found.problem}, which is not allowed.`
    : null;
}
