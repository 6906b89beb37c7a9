/** SPEC §8's strings live with every other message a person reads, in shared/entities/messages.ts. */
export {
  successMessage,
  saveFailedMessage,
  loadFailedMessage,
  type Outcome,
} from '#shared/entities/messages.ts';
