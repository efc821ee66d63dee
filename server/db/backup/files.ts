import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'

/** A backup is written beside its name and renamed when whole: a name never holds half a backup. */
export const partialOf = (file: string) => `${file}.partial`

export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupRefusedError'
  }
}

export class DamagedBackupError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is damaged or incomplete (${reason}): nothing was restored or written. Use another backup.`)
    this.name = 'DamagedBackupError'
  }
}

/** Refuses to replace an existing backup unless told: last night's good copy is worth a flag. */
export function assertWritable(file: string, force: boolean) {
  if (existsSync(file) && !force)
    throw new BackupRefusedError(`${file} already exists: nothing was written. Choose another name or add --force.`)
}

export function commitPartial(file: string) {
  renameSync(partialOf(file), file)
}

export function writePartial(file: string, bytes: Uint8Array) {
  writeFileSync(partialOf(file), bytes)
}

export function dropPartial(file: string) {
  rmSync(partialOf(file), { force: true })
}

export const sizeOf = (file: string) => statSync(file).size
