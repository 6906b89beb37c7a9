/**
 * A problem with an import file or one of its values, told to the operator as one line: the CLI
 * prints it (its ImportError extends this, keeping `exitCode`), the panel shows it on the import screen.
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
