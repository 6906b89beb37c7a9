import { Link } from 'react-router';
import { ErrorMessage, SuccessMessage } from '#client/admin/components/Messages.tsx';

/** Where a success leads next (a bulk action's change set, to review or undo it). */
export interface NoticeLink {
  to: string;
  label: string;
}

/** A message carried to a screen: the list shows the form's 'Language created successfully'. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
  link?: NoticeLink;
}

/** The notice in a navigation's state (`navigate(to, { state: { flash } })`), if any. */
export function flashOf(state: unknown): Notice | null {
  const flash = (state as { flash?: Partial<Notice> } | null)?.flash;
  if (!flash || typeof flash.text !== 'string') return null;
  return { kind: flash.kind === 'error' ? 'error' : 'success', text: flash.text };
}

interface NoticesProps {
  errors: ReadonlyArray<string | null | undefined>;
  success?: string | null;
  successLink?: NoticeLink | null;
  loading?: boolean;
}

/** 'Error: {message}' in red, success messages in green, 'Loading...' (SPEC §2, §8). */
export function Notices({ errors, success, successLink, loading }: NoticesProps) {
  return (
    <div className="entity-notices mb-2">
      {errors.map((error, index) => (
        <ErrorMessage key={index} message={error} />
      ))}
      <SuccessMessage
        message={
          success && successLink ? (
            <>
              {success} <Link to={successLink.to}>{successLink.label}</Link>
            </>
          ) : (
            success
          )
        }
      />
      <div role="status">{loading ? <p className="mb-2">Loading...</p> : null}</div>
    </div>
  );
}
