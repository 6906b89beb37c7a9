import { Form, useLoaderData } from 'react-router';
import { MIN_PLAYERS } from '#shared/difficulty.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { useFollowLink } from '../components/plain-links.ts';
import { CurveSection } from './CurveSection.tsx';
import { difficultyLoader, type DifficultyData } from './difficulty-loader.ts';
import { FindingsList } from './FindingsList.tsx';
import { DIFFICULTY_PATH } from './paths.ts';

export const loader = difficultyLoader;

/**
 * The filters as a GET form: it works before hydration (a page load) and after (a client
 * navigation), and the URL it makes is one to share.
 */
function Filters({ data }: { data: DifficultyData }) {
  const { form, stages, languages } = data;
  return (
    <Form
      method="get"
      action={DIFFICULTY_PATH}
      className="row g-2 align-items-end mb-4"
      aria-label="Filter the results"
      // Fresh inputs for every URL: their values are the URL's, not what was typed before.
      key={JSON.stringify(form)}
    >
      <div className="col-6 col-md-2">
        <label htmlFor="difficulty-stage" className="form-label">
          Stage
        </label>
        <select id="difficulty-stage" name="stage" className="form-select" defaultValue={form.stage}>
          {stages.map((stage) => (
            <option key={stage.id} value={stage.number}>
              {stage.number}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="difficulty-language" className="form-label">
          Language
        </label>
        <select id="difficulty-language" name="language" className="form-select" defaultValue={form.language}>
          <option value="">All</option>
          {languages.map((language) => (
            <option key={language.id} value={language.id}>
              {language.language}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="difficulty-since" className="form-label">
          Results updated since
        </label>
        <input
          id="difficulty-since"
          name="since"
          type="date"
          className="form-control"
          defaultValue={form.since}
        />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="difficulty-until" className="form-label">
          …until (included)
        </label>
        <input
          id="difficulty-until"
          name="until"
          type="date"
          className="form-control"
          defaultValue={form.until}
        />
      </div>
      <div className="col-12 col-md-2">
        <div className="form-check mb-md-2">
          <input
            id="difficulty-active"
            name="activePlayers"
            value="true"
            type="checkbox"
            className="form-check-input"
            defaultChecked={form.activePlayers}
          />
          <label htmlFor="difficulty-active" className="form-check-label">
            Active players only
          </label>
        </div>
      </div>
      <div className="col-12 col-md-2">
        <button type="submit" className="btn btn-primary">
          Show
        </button>
      </div>
    </Form>
  );
}

/**
 * How hard each level of a stage is for real players (issue 34): what stands out first, then per
 * language the curves of completion, score and drop-off along the levels, drawn on the server,
 * each with its table.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const follow = useFollowLink();
  const report = data.report;
  return (
    <section aria-labelledby="difficulty-title">
      <h1 id="difficulty-title" className="h3 mb-2">
        Difficulty
      </h1>
      <p>
        How players fare on each level of a stage, from their results: who reached it, who completed it, their
        scores, and how many never reach the next level. Levels with fewer than {MIN_PLAYERS} players are
        shown but not judged. Days are UTC.
      </p>
      <Filters data={data} />
      <ErrorMessage message={data.problem} />
      {report ? (
        <div data-testid="difficulty-report">
          <FindingsList curves={report.curves} follow={follow} />
          {report.curves.length === 0 ? (
            <p>No language has levels in stage {report.stage.number}.</p>
          ) : (
            report.curves.map((curve) => (
              <CurveSection key={curve.languageId} curve={curve} follow={follow} />
            ))
          )}
          <p className="small text-body-secondary mb-0">
            Figures of {report.generatedAt.slice(0, 16).replace('T', ' ')} UTC.
          </p>
        </div>
      ) : null}
    </section>
  );
}
