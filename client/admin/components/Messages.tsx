import type { ReactNode } from 'react';

export interface ErrorMessageProps {
  /** Nothing is rendered when empty. */
  message: string | null | undefined;
  /** Text before the message; SPEC §2 lists show 'Error: {message}'. Pass '' for the bare message. */
  prefix?: string;
  /** Shows a close button (the two-factor error is dismissible, SPEC §8). */
  onDismiss?(): void;
  className?: string;
}

/** A failure, in red, announced to screen readers as it appears. */
export function ErrorMessage({ message, prefix = 'Error: ', onDismiss, className = '' }: ErrorMessageProps) {
  if (!message) return null;
  return (
    <div role="alert" className={`panel-message text-danger d-flex align-items-start gap-2 ${className}`}>
      <span className="flex-grow-1">
        {prefix}
        {message}
      </span>
      {onDismiss ? (
        <button type="button" className="btn-close" aria-label="Dismiss" onClick={onDismiss} />
      ) : null}
    </div>
  );
}

export interface SuccessMessageProps {
  /** Text, or text with a link (a bulk action's change set). */
  message: ReactNode;
  onDismiss?(): void;
  className?: string;
}

/** A success ('Language created successfully', …), in green, announced politely. */
export function SuccessMessage({ message, onDismiss, className = '' }: SuccessMessageProps) {
  if (!message) return null;
  return (
    <div role="status" className={`panel-message text-success d-flex align-items-start gap-2 ${className}`}>
      <span className="flex-grow-1">{message}</span>
      {onDismiss ? (
        <button type="button" className="btn-close" aria-label="Dismiss" onClick={onDismiss} />
      ) : null}
    </div>
  );
}
