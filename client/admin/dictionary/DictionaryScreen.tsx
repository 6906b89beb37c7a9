import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { WORD_FLAGS, type DecisionResponse, type LanguageDictionary } from '#shared/dictionary.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { dictionaryApi, dictionaryLoader, type DictionaryData } from './dictionary-api.ts';

export const loader = dictionaryLoader;

const wordsList = (languageId: number, flag: string) =>
  `${PANEL_PATH}/word?${new URLSearchParams({ languageId: String(languageId), flags: flag })}`;

/** Each language: its dictionary, its active words with open findings per flag, its decisions. */
function Languages({ languages }: { languages: LanguageDictionary[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption>Words flagged by each language&apos;s dictionary and not yet decided on</caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Dictionary</th>
            {WORD_FLAGS.map((flag) => (
              <th scope="col" key={flag}>
                {flag}
              </th>
            ))}
            <th scope="col">Accepted</th>
            <th scope="col">Excluded</th>
          </tr>
        </thead>
        <tbody>
          {languages.map((language) => (
            <tr key={language.languageId} data-dictionary-language={language.language}>
              <td>{language.language}</td>
              <td className="text-break small">
                {language.dictionary ? language.dictionary.source : 'None: its words are not judged'}
                {language.checking ? ' (checking its words…)' : ''}
              </td>
              {WORD_FLAGS.map((flag) => (
                <td key={flag}>
                  {language.flagged[flag] > 0 ? (
                    <a href={wordsList(language.languageId, flag)}>{language.flagged[flag]}</a>
                  ) : (
                    0
                  )}
                </td>
              ))}
              <td>{language.decided.accepted}</td>
              <td>{language.decided.excluded}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Accept or exclude words (one, or many: one a line) with a reason, or withdraw a decision. */
function DecideForm({ languages, onDone }: { languages: LanguageDictionary[]; onDone(): void }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<DecisionResponse | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const choice = String(form.get('decision'));
    setBusy(true);
    setProblem(null);
    setOutcome(null);
    try {
      const answer = await dictionaryApi.decide({
        languageId: Number(form.get('languageId')),
        words: String(form.get('words') ?? '')
          .split(/\r?\n/)
          .map((w) => w.trim())
          .filter((w) => w !== ''),
        decision: choice === 'withdraw' ? null : (choice as 'accepted' | 'excluded'),
        reason: String(form.get('reason') ?? ''),
      });
      setOutcome(answer);
      onDone();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const { decided, unchanged, rejected } = outcome?.counts ?? { decided: 0, unchanged: 0, rejected: 0 };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Decide on words" className="mb-3">
      <h2 className="h5">Decide on words</h2>
      <div className="row g-2">
        <div className="col-12 col-md-3">
          <label htmlFor="decide-language" className="form-label">
            Language
          </label>
          <select id="decide-language" name="languageId" className="form-select" required>
            {languages.map((l) => (
              <option key={l.languageId} value={l.languageId}>
                {l.language}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-3">
          <label htmlFor="decide-decision" className="form-label">
            Decision
          </label>
          <select id="decide-decision" name="decision" className="form-select">
            <option value="accepted">Accept (the word stays)</option>
            <option value="excluded">Exclude (deactivated, never linked)</option>
            <option value="withdraw">Withdraw the decision</option>
          </select>
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor="decide-reason" className="form-label">
            Reason
          </label>
          <input id="decide-reason" name="reason" className="form-control" maxLength={300} />
        </div>
        <div className="col-12">
          <label htmlFor="decide-words" className="form-label">
            Words (one a line)
          </label>
          <textarea id="decide-words" name="words" className="form-control" rows={4} required />
        </div>
      </div>
      <button type="submit" className="btn btn-primary mt-2" disabled={!hydrated || busy}>
        {busy ? 'Saving...' : 'Save decision'}
      </button>
      <ErrorMessage message={problem} className="mt-2" />
      <SuccessMessage
        message={outcome ? `Decided ${decided}, unchanged ${unchanged}, rejected ${rejected}.` : null}
        className="mt-2"
      />
      {outcome && rejected > 0 ? (
        <ul className="text-danger small">
          {outcome.results
            .filter((r) => r.status === 'rejected')
            .map((r) => (
              <li key={r.word}>Error: {r.message}</li>
            ))}
        </ul>
      ) : null}
    </form>
  );
}

/** Issue 46: the dictionaries, what they flag, and a content manager's decisions. */
export function Component() {
  const data = useLoaderData() as DictionaryData;
  const revalidator = useRevalidator();
  return (
    <section aria-labelledby="dictionary-title">
      <h1 id="dictionary-title" className="h3 mb-3">
        Dictionary
      </h1>
      <p>
        Every word is checked against its language&apos;s dictionary when it is written. Accept a flagged word
        to keep it (its finding goes), or exclude it: it is deactivated and cannot be linked. Decisions
        survive re-imports and dictionary upgrades, and are recorded in History.
      </p>
      <ErrorMessage message={data.problem} className="mb-3" />
      <Languages languages={data.languages} />
      {data.languages.length > 0 ? (
        <DecideForm languages={data.languages} onDone={() => void revalidator.revalidate()} />
      ) : null}
    </section>
  );
}
