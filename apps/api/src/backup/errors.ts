/** A backup or restore that cannot go on, with a message that says what to do: the commands print it as it is. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
