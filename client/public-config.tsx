import { createContext, useContext, type ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';

const PublicConfigContext = createContext<PublicConfig | null>(null);

export function PublicConfigProvider({ value, children }: { value: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

/** The public settings (contact e-mail, feedback form, social links, base URL). */
export function usePublicConfig(): PublicConfig {
  const value = useContext(PublicConfigContext);
  if (!value) throw new Error('usePublicConfig must be used inside <PublicConfigProvider>');
  return value;
}
