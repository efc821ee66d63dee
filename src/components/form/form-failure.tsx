/** Why the last submit failed, as a whole (the fields say their own part): announced when it appears. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded bg-danger-subtle px-3 py-2 text-sm text-danger">
      {message}
    </p>
  )
}
