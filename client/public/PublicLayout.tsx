import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { usePublicConfig } from '#client/public-config.tsx';
import { PUBLIC_PAGES } from '#shared/public-pages.ts';

const NAV_LINKS = PUBLIC_PAGES.filter((page) => page.inNavbar).map(({ path, label }) => ({
  to: path,
  label,
}));

const ICON_PATHS = {
  trophy: (
    <>
      <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z" />
      <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
    </>
  ),
  leaf: (
    <>
      <path d="M5 21c0-9 5-15 15-16-1 10-7 15-15 16z" />
      <path d="M5 21l8-8" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l3 2M10 2h4" />
    </>
  ),
  shuffle: <path d="M16 3h5v5M4 20L21 3M21 16v5h-5M15 15l6 6M4 4l5 5" />,
  map: (
    <>
      <path d="M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3V6z" />
      <path d="M9 3v15M15 6v15" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21v-1a7 7 0 0 1 14 0v1" />
      <path d="M16 3.5a4 4 0 0 1 0 8M19 14a6 6 0 0 1 3 6v1" />
    </>
  ),
  chart: <path d="M3 21h18M6 17v-6M11 17V5M16 17v-9M21 17v-3" />,
  book: (
    <>
      <path d="M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5A2.5 2.5 0 0 0 4 21.5v-17z" />
      <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20M9 7h7M9 11h5" />
    </>
  ),
  cart: (
    <>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.5 12h12L22 7H6" />
    </>
  ),
  flask: (
    <>
      <path d="M9 3h6M10 3v6L4 19a1.5 1.5 0 0 0 1.3 2h13.4a1.5 1.5 0 0 0 1.3-2L14 9V3" />
      <path d="M7 15h10" />
    </>
  ),
  coin: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v10M9.5 9.5h3.75a1.75 1.75 0 0 1 0 3.5h-2.5a1.75 1.75 0 0 0 0 3.5H15" />
    </>
  ),
  dice: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M8.5 8.5h.01M15.5 15.5h.01M12 12h.01M15.5 8.5h.01M8.5 15.5h.01" strokeWidth="3" />
    </>
  ),
  star: <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6l-5.4 2.9 1.2-6-4.5-4.2 6.1-.7z" />,
  scale: <path d="M12 3v18M7 21h10M4 7h16M6 7l-3 7a3 3 0 0 0 6 0L6 7zM18 7l-3 7a3 3 0 0 0 6 0l-3-7z" />,
  mail: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="M2 6l10 7 10-7" />
    </>
  ),
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** A small decorative line icon; hidden from assistive technology (pair it with visible text). */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICON_PATHS[name]}
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.41 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.68.23 2.68.23v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4.5" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64z" />
    </svg>
  );
}

/** The frame shared by every public page: skip link, top navigation, main landmark and footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { social } = usePublicConfig();
  const socialLinks = [
    { href: social.facebook, label: 'Facebook', Icon: FacebookIcon },
    { href: social.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: social.x, label: 'X', Icon: XIcon },
  ];
  const year = new Date().getFullYear();

  return (
    <div className="site d-flex flex-column min-vh-100">
      <a className="skip-link visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <nav className="navbar navbar-expand site-navbar" aria-label="Main">
          <div className="container flex-wrap gap-1">
            <Link className="navbar-brand site-brand" to="/">
              <span className="site-brand-mark" aria-hidden="true">
                A
              </span>
              Argus Words
            </Link>
            <ul className="navbar-nav flex-wrap ms-md-auto">
              {NAV_LINKS.map(({ to, label }) => (
                <li className="nav-item" key={to}>
                  <NavLink className="nav-link" to={to}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </header>

      <main id="main" tabIndex={-1} className="flex-grow-1">
        {children}
      </main>

      <footer className="site-footer mt-auto">
        <div className="container py-4">
          <div className="row gy-3 align-items-center">
            <div className="col-md-4">
              <p className="site-footer-brand mb-1">Argus Words</p>
              <p className="mb-0 small">The word game that grows your vocabulary.</p>
            </div>
            <nav className="col-md-4" aria-label="Legal">
              <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0 justify-content-md-center">
                <li>
                  <Link to="/terms-of-service">Terms of Service</Link>
                </li>
                <li>
                  <Link to="/privacy-policy">Privacy Policy</Link>
                </li>
              </ul>
            </nav>
            <nav className="col-md-4" aria-label="Social media">
              <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0 justify-content-md-end">
                {socialLinks.map(({ href, label, Icon }) => (
                  <li key={label}>
                    <a
                      className="social-link"
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Argus Words on ${label} (opens in a new tab)`}
                    >
                      <Icon />
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <p className="site-footer-copy small mb-0 mt-3 pt-3">© {year} Argus Words. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
