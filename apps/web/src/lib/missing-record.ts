import { isApiError } from './api.ts';

/**
 * A record's page asked for an id that names nothing the user may see (deleted, never there, or
 * another company's: the API answers 404 for each alike). The route's error page says so in the
 * resource's own words, with the way back to its list, and nothing is logged: it is no failure.
 */
export class MissingRecord extends Error {
  constructor(
    /** The resource's name (`devices`): its texts are under `resources.<name>`. */
    readonly resource: string,
    /** Its list screen, `/devices/list`; none when the resource has no list screen of its own. */
    readonly listPath: string | null,
  ) {
    super(`${resource}: not found`);
    this.name = 'MissingRecord';
  }
}

/** Loads a record for a page; an API 404 becomes a `MissingRecord`, any other failure stays what it is. */
export async function loadRecord<T>(resource: string, listPath: string | null, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new MissingRecord(resource, listPath);
    throw error;
  }
}
