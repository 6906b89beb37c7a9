import { Link, useLoaderData } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { linkBuilderPath } from '../../links/paths.ts';
import { LevelForm } from '../level-form/LevelForm.tsx';
import { EntityForm } from './EntityForm.tsx';
import type { FormData } from './form-loader.ts';
import type { FormMode } from './form-values.ts';

/** 'Add Language' / 'Edit Language', or the loading error in place of the form (SPEC §2). */
export function EntityFormScreen({ entity, mode }: { entity: AnyEntity; mode: FormMode }) {
  const data = useLoaderData() as FormData;
  const title = `${mode === 'add' ? 'Add' : 'Edit'} ${entity.label}`;
  return (
    <section aria-labelledby="entity-form-title" className="card card-body">
      <h1 id="entity-form-title" className="h3 mb-3">
        {title}
      </h1>
      {entity.name === 'letter-group' && data.record?.id ? (
        <p>
          <Link to={linkBuilderPath(Number(data.record.id))}>Link builder: the words this group builds</Link>
        </p>
      ) : null}
      <div className="row">
        <div className="col-12 col-lg-9 col-xl-7">
          {data.loadError ? (
            <p role="alert" className="text-danger fw-semibold">
              {data.loadError}
            </p>
          ) : entity.name === 'level' ? (
            <LevelForm mode={mode} data={data} key={data.record?.id ?? 'new'} />
          ) : (
            <EntityForm entity={entity} mode={mode} data={data} key={data.record?.id ?? 'new'} />
          )}
        </div>
      </div>
    </section>
  );
}
