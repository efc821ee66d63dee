/**
 * Half-filled forms kept per tab in memory (DESIGN §9): a form leaving the screen stores its values
 * under its tab's address, and finds them again when the user switches back. Never persisted: a
 * reload starts clean, and nothing typed reaches localStorage.
 */
const drafts = new Map<string, Record<string, unknown>>()

/** Fields never kept, whatever the form: a password typed once stays with the input it was typed in. */
const SECRET_NAME = /password|passwd|pwd|secret/i

const isSecretField = (name: string) => SECRET_NAME.test(name)

export function recallDraft<T extends object>(key: string): Partial<T> | undefined {
  return drafts.get(key) as Partial<T> | undefined
}

export function keepDraft(key: string, values: object): void {
  drafts.set(key, Object.fromEntries(Object.entries(values).filter(([name]) => !isSecretField(name))))
}

export function forgetDraft(key: string): void {
  drafts.delete(key)
}
