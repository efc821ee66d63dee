// Reading valibot issues the same way on both halves (no imports: the sign-in page's chunk loads it).

/** A too-long issue's limit, so its message can say it ('at most 60 characters'); null for any other. */
export function tooLongLimit(issue: { message: string; type?: string; requirement?: unknown }): number | null {
  return issue.message === 'validation_too_long' && issue.type === 'max_length' && typeof issue.requirement === 'number'
    ? issue.requirement
    : null
}
