import { enrolAdmin, PanelBrowser } from './panel-client.ts';
import { startServer, type ServerProcess } from './server-processes.ts';

export interface AdminServer {
  server: ServerProcess;
  /** A panel session of the first admin, logged in with the first recovery code. */
  browser: PanelBrowser;
  /** The recovery codes left for further logins. */
  codes: string[];
}

/**
 * A production server process (no demo content) whose first admin enrolled its second factor
 * through the content API and logged in to the panel, as an admin's first day goes.
 */
export async function startServerWithAdmin(
  username: string,
  password: string,
  env: Record<string, string> = {},
): Promise<AdminServer> {
  const server = await startServer({
    DEMO_CONTENT: 'false',
    ADMIN_USERNAME: username,
    ADMIN_PASSWORD: password,
    NODE_ENV: 'production',
    ...env,
  });
  const codes = await enrolAdmin(server.url, username, password);
  const browser = new PanelBrowser();
  await browser.login(server.url, username, password, codes.shift()!);
  return { server, browser, codes };
}
