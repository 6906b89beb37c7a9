import type { ComponentProps } from 'react';

type InputProps = ComponentProps<'input'> & { id: string; label: string };

/** A labelled text input, Bootstrap's way: `mb-3`, `form-label`, `form-control`. */
export function Field({ id, label, ...input }: InputProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} className="form-control" {...input} />
    </div>
  );
}

/** The login's username: no capitals or spelling fixes forced on it, the browser's saved name offered. */
export function UsernameField(props: Omit<InputProps, 'label'>) {
  return (
    <Field
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** The login's password, the browser's saved one offered. */
export function PasswordField(props: Omit<InputProps, 'label'>) {
  return <Field label="Password" type="password" autoComplete="current-password" required {...props} />;
}
