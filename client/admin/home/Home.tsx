import { useState } from 'react';
import { Link, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { takeRecoveryCodes } from '../auth/recovery-codes-handoff.ts';
import type { AdminLayoutData } from '../layout/AdminLayout.tsx';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { AttentionLine } from './AttentionLine.tsx';
import { HealthDashboard } from './HealthDashboard.tsx';
import { loadHealth, type HealthLoad } from './health-data.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { loadUnreleased, type Unreleased } from './unreleased.ts';
import { UnreleasedChanges } from './UnreleasedChanges.tsx';

/** SPEC §2 "Admin home": six cards, two rows of three at medium width. */
const SECTIONS = [
  {
    title: 'Manage Levels',
    description: 'Manage levels in the app, add new ones, or edit existing ones.',
    button: 'Go to Levels',
    to: `${PANEL_PATH}/level`,
  },
  {
    title: 'Manage Users',
    description: 'Manage user accounts, add or edit user details.',
    button: 'Go to Users',
    to: `${PANEL_PATH}/user`,
  },
  {
    title: 'Manage Languages',
    description: 'Manage languages used in the app, add new ones or edit existing ones.',
    button: 'Go to Languages',
    to: `${PANEL_PATH}/language`,
  },
  {
    title: 'Manage Words',
    description: 'Manage words in the app, add new ones or edit existing ones.',
    button: 'Go to Words',
    to: `${PANEL_PATH}/word`,
  },
  {
    title: 'Manage Stages',
    description: 'Manage stages in the app, add new ones or edit existing ones.',
    button: 'Go to Stages',
    to: `${PANEL_PATH}/stage`,
  },
  {
    title: 'Manage Letter Groups',
    description: 'Manage letter groups in the app, add new ones or edit existing ones.',
    button: 'Go to Letter Groups',
    to: `${PANEL_PATH}/letter-group`,
  },
] as const;

interface HomeData {
  /** Right after enrolment only (client-side), the recovery codes to show once. */
  recoveryCodes: string[] | null;
  /** The content health report (issue 13), rendered on the server and hydrated as it is. */
  health: HealthLoad;
  /** The draft's changes that players do not have yet (issue 45). */
  unreleased: Unreleased | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const recoveryCodes = typeof window === 'undefined' ? null : takeRecoveryCodes();
  const [health, unreleased] = await Promise.all([loadHealth(context), loadUnreleased(context)]);
  return { recoveryCodes, health, unreleased };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<AdminLayoutData>('admin');
  // Held in state: a revalidation of the loader must not take the codes away before Continue.
  const [recoveryCodes, setRecoveryCodes] = useState(loaded.recoveryCodes);
  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onContinue={() => {
          setRecoveryCodes(null);
          document.getElementById('main')?.focus();
        }}
      />
    );
  }

  const username = layout?.session.username;
  return (
    <>
      <h1 className="h2">{username ? `Welcome, ${username}!` : 'Welcome!'}</h1>
      <p className="lead mb-3">Explore the various sections below to manage the content.</p>
      <AttentionLine
        health={loaded.health}
        also={loaded.unreleased ? <UnreleasedChanges unreleased={loaded.unreleased} /> : null}
      />
      {/* The spec's home first: these two rows fill the first screen; the content health follows. */}
      <div className="row g-4 mb-5">
        {SECTIONS.map((section) => (
          <div className="col-md-4" key={section.to}>
            <article className="card h-100">
              <div className="card-body d-flex flex-column">
                <h2 className="card-title h5">{section.title}</h2>
                <p className="card-text flex-grow-1">{section.description}</p>
                <Link className="btn btn-primary align-self-start" to={section.to}>
                  {section.button}
                </Link>
              </div>
            </article>
          </div>
        ))}
      </div>
      <HealthDashboard report={loaded.health.report} />
    </>
  );
}
