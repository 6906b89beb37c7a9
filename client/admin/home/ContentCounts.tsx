import type { HealthCounts } from '#shared/health-report.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { Link } from 'react-router';

const TABLES: Array<[resource: string, label: string]> = [
  ['levels', 'Levels'],
  ['words', 'Words'],
  ['letter-groups', 'Letter groups'],
  ['stages', 'Stages'],
  ['languages', 'Languages'],
  ['users', 'Users'],
  ['user-levels', 'User-levels'],
  ['letter-group-levels', 'Letter group-levels'],
  ['letter-group-words', 'Letter group-words'],
];

const fmt = (n: number) => n.toLocaleString('en');

/** Rows per table (each opening its list), and words per language. */
export function ContentCounts({ counts }: { counts: HealthCounts }) {
  return (
    <>
      <h3 className="visually-hidden">Counts</h3>
      <ul className="health-counts list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-2 mb-0">
        {TABLES.map(([resource, label]) => (
          <li className="col" key={resource}>
            <Link
              className="card h-100 text-decoration-none health-count"
              to={`${PANEL_PATH}/${resource.replace(/s$/, '')}`}
            >
              <span className="card-body py-2 px-3 d-block">
                <span className="d-block fs-5 fw-bold" data-count={resource}>
                  {fmt(counts.tables[resource] ?? 0)}
                </span>
                <span className="d-block small">{label}</span>
              </span>
            </Link>
          </li>
        ))}
        <li className="col">
          <div className="card h-100">
            <div className="card-body py-2 px-3 small">
              <span className="d-block fw-bold">Words per language</span>
              {counts.wordsByLanguage.map((w) => (
                <span className="d-block" key={w.languageId}>
                  {w.language}: {fmt(w.words)}
                </span>
              ))}
            </div>
          </div>
        </li>
      </ul>
    </>
  );
}
