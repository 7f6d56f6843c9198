/** The clients this device planned FBA shipments for lately, most recent first (the account select's order). */
const KEY = 'fbaRecentAccounts';
const MAX_RECENT = 8;

export function recentFbaAccounts(): number[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export function rememberFbaAccount(companyId: number): void {
  const next = [companyId, ...recentFbaAccounts().filter((id) => id !== companyId)].slice(0, MAX_RECENT);
  localStorage.setItem(KEY, JSON.stringify(next));
}
