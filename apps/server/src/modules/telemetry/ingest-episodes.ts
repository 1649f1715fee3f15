import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { criticalEpisodes, serviceSessions } from '../../db/schema/index.ts';
import type { DeviceScope, IngestContext, StateRow } from './ingest-context.ts';

// Service sessions and critical episodes: opened and closed at once, as their events are applied,
// because the events after them in the batch read the state they leave.

/** When the device's first stored event of a kind after an instant happened, if any. */
async function firstStoredAfter(tx: Tx, deviceId: number, at: Date, kind: SQL): Promise<Date | null> {
  const result = await tx.execute(sql`
    select min(at) as at from telemetry_events where device_id = ${deviceId} and at > ${at.toISOString()}::timestamptz and ${kind}`);
  const value = (result as unknown as { rows: { at: string | Date | null }[] }).rows[0]?.at ?? null;
  return value === null ? null : new Date(value);
}

/**
 * A service-mode switch: on opens a session, off closes the open one with the test plays counted in
 * it since (`testPlays`); a late switch fits into the sessions already stored. Answers whether it
 * closed the open session (its test plays are then written).
 */
export async function switchServiceMode(
  tx: Tx,
  scope: DeviceScope,
  state: StateRow,
  sessions: IngestContext['sessions'],
  at: Date,
  on: boolean,
  late: boolean,
  testPlays: number,
): Promise<boolean> {
  if (late) {
    await lateServiceMode(tx, scope, state, sessions, at, on);
    return false;
  }
  if (on && !state.serviceMode) {
    state.serviceMode = true;
    state.serviceSince = at;
    sessions.push({ from: at, to: null });
    await tx.insert(serviceSessions).values({ companyId: scope.companyId, deviceId: scope.deviceId, startedAt: at });
    return false;
  }
  if (!on && state.serviceMode) {
    state.serviceMode = false;
    state.serviceSince = null;
    const open = sessions.find((s) => s.to === null);
    if (open) open.to = at;
    await tx
      .update(serviceSessions)
      .set({ endedAt: at, plays: sql`${serviceSessions.plays} + ${testPlays}` })
      .where(and(eq(serviceSessions.deviceId, scope.deviceId), isNull(serviceSessions.endedAt)));
    return true;
  }
  return false;
}

/** Adds test plays to the device's open service session (those of a batch that leaves it open). */
export async function addTestPlays(tx: Tx, deviceId: number, plays: number) {
  await tx
    .update(serviceSessions)
    .set({ plays: sql`${serviceSessions.plays} + ${plays}` })
    .where(and(eq(serviceSessions.deviceId, deviceId), isNull(serviceSessions.endedAt)));
}

/**
 * A service-mode switch older than what was applied. On: the session it opened runs to the next switch
 * stored after it, or is still open (the device is in service mode now); when that next switch is an
 * on, the session is cut there for now (the device cannot have been in service mode into the next
 * session without being switched off between) and the off still to come shortens it. Off: it ends a
 * session still open from before it, or shortens one that runs past it. Payments already counted keep
 * their classification (decision 0007); a batch is applied in time order, so its own payments after
 * its switches read them.
 */
async function lateServiceMode(tx: Tx, scope: DeviceScope, state: StateRow, sessions: IngestContext['sessions'], at: Date, on: boolean) {
  const { companyId, deviceId } = scope;
  const covering = sessions.find((s) => s.from <= at && (s.to === null || at < s.to));
  if (on) {
    if (covering) return;
    const end = await firstStoredAfter(tx, deviceId, at, sql`type = 'service_mode'`);
    if (end === null && state.serviceMode) return;
    sessions.push({ from: at, to: end });
    await tx.insert(serviceSessions).values({ companyId, deviceId, startedAt: at, endedAt: end });
    if (end === null) {
      state.serviceMode = true;
      state.serviceSince = at;
    }
  } else if (covering && covering.to === null) {
    covering.to = at;
    state.serviceMode = false;
    state.serviceSince = null;
    await tx
      .update(serviceSessions)
      .set({ endedAt: at })
      .where(and(eq(serviceSessions.deviceId, deviceId), isNull(serviceSessions.endedAt)));
  } else if (covering && covering.from < at) {
    const from = covering.from.toISOString();
    covering.to = at;
    await tx
      .update(serviceSessions)
      .set({ endedAt: at })
      .where(and(eq(serviceSessions.deviceId, deviceId), sql`${serviceSessions.startedAt} = ${from}::timestamptz`));
  }
}

/** A critical alarm: it makes the device critical and opens an episode, unless one is open already. */
export async function raiseAlarm(tx: Tx, scope: DeviceScope, state: StateRow, at: Date, code: string, late: boolean) {
  if (late) await lateAlarm(tx, scope, state, at, code);
  else if (!state.critical) {
    state.critical = true;
    state.criticalCode = code;
    state.criticalSince = at;
    await tx.insert(criticalEpisodes).values({ companyId: scope.companyId, deviceId: scope.deviceId, code, startedAt: at });
  }
}

/**
 * A critical alarm older than what was applied: its episode runs to the first clearing of its code
 * stored after it, or is cut for now where a critical alarm stored after it began (episodes do not
 * overlap; its own clearing, still to come, shortens it); with neither, the device is critical from
 * then on (an open episode of the same code that began later starts at this alarm instead).
 */
async function lateAlarm(tx: Tx, scope: DeviceScope, state: StateRow, at: Date, code: string) {
  const { companyId, deviceId } = scope;
  const iso = at.toISOString();
  const [covering] = await tx
    .select({ id: criticalEpisodes.id })
    .from(criticalEpisodes)
    .where(
      and(
        eq(criticalEpisodes.deviceId, deviceId),
        sql`${criticalEpisodes.startedAt} <= ${iso}::timestamptz and (${criticalEpisodes.endedAt} is null or ${criticalEpisodes.endedAt} > ${iso}::timestamptz)`,
      ),
    )
    .limit(1);
  if (covering) return;
  const cleared = await firstStoredAfter(
    tx,
    deviceId,
    at,
    sql`((type = 'alarm_cleared' and data->>'code' = ${code}) or (type = 'alarm' and data->>'critical' = 'true'))`,
  );
  if (cleared !== null) {
    await tx.insert(criticalEpisodes).values({ companyId, deviceId, code, startedAt: at, endedAt: cleared });
  } else if (!state.critical) {
    state.critical = true;
    state.criticalCode = code;
    state.criticalSince = at;
    await tx.insert(criticalEpisodes).values({ companyId, deviceId, code, startedAt: at });
  } else if (state.criticalCode === code) {
    state.criticalSince = at;
    await tx
      .update(criticalEpisodes)
      .set({ startedAt: at })
      .where(and(eq(criticalEpisodes.deviceId, deviceId), isNull(criticalEpisodes.endedAt)));
  } else {
    // Another alarm is open since later: this one's episode ends where that one began.
    await tx.insert(criticalEpisodes).values({ companyId, deviceId, code, startedAt: at, endedAt: state.criticalSince });
  }
}

/**
 * The clearing of an alarm ends the device's critical state and its open episode when the code is the
 * one raised. Also late: a clearing older than what was applied still ends an alarm raised before it,
 * and shortens a closed episode of its code that runs past it (one a late alarm cut for now).
 */
export async function clearAlarm(tx: Tx, scope: DeviceScope, state: StateRow, at: Date, code: string, late: boolean) {
  if (state.critical && state.criticalCode === code && (state.criticalSince === null || state.criticalSince <= at)) {
    state.critical = false;
    state.criticalCode = null;
    state.criticalSince = null;
    await tx
      .update(criticalEpisodes)
      .set({ endedAt: at })
      .where(and(eq(criticalEpisodes.deviceId, scope.deviceId), isNull(criticalEpisodes.endedAt)));
  } else if (late) {
    const iso = at.toISOString();
    await tx
      .update(criticalEpisodes)
      .set({ endedAt: at })
      .where(
        and(
          eq(criticalEpisodes.deviceId, scope.deviceId),
          eq(criticalEpisodes.code, code),
          sql`${criticalEpisodes.startedAt} < ${iso}::timestamptz and ${criticalEpisodes.endedAt} > ${iso}::timestamptz`,
        ),
      );
  }
}
