const STORAGE_KEY = 'gw.inviteCode';
/** Same shape the server accepts; anything else is not worth keeping. */
const CODE_SHAPE = /^[a-zA-Z0-9]{1,16}$/;

/**
 * Keeps the code of the invitation link a visitor arrived with (null: forget it once the account
 * exists). Stored in localStorage so it survives a trip through a sign-in provider's pages: the
 * sign-up that completes there sends `pendingInviteCode()` with its sign-up mutation.
 */
export function rememberInviteCode(code: string | null): string | null {
  if (code === null) {
    localStorage.removeItem(STORAGE_KEY);
    return null;
  }
  if (!CODE_SHAPE.test(code)) return null;
  localStorage.setItem(STORAGE_KEY, code);
  return code;
}

/** The invitation code remembered from an earlier visit, if any. */
export function pendingInviteCode(): string | null {
  const code = localStorage.getItem(STORAGE_KEY);
  return code && CODE_SHAPE.test(code) ? code : null;
}
