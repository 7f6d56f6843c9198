/** The receiver's recently used client accounts on this device, most recent first. */
export const RECENT_ACCOUNTS_KEY = 'dockRecentAccounts';
const MAX_RECENT = 8;

export function recentAccounts(): number[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(RECENT_ACCOUNTS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export function rememberAccount(companyId: number): void {
  const next = [companyId, ...recentAccounts().filter((id) => id !== companyId)].slice(0, MAX_RECENT);
  localStorage.setItem(RECENT_ACCOUNTS_KEY, JSON.stringify(next));
}
