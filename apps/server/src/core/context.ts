import { can, canViewAllCompanies, type Language, type Module, type ModuleComponent, type Permission, type Role } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The signed-in user as every request sees it, read fresh from the database. */
export interface Actor {
  userId: number;
  email: string;
  role: Role;
  /** Tokens issued in another epoch are refused (docs/rules.md, "Sessions"). */
  sessionEpoch: number;
  companyId: number;
  companyIsTopGun: boolean;
  activeModules: readonly Module[];
  activeModuleComponents: readonly ModuleComponent[];
  /** Direct subsidiaries of the user's company. */
  subsidiaryIds: readonly number[];
}

/**
 * What a service needs to know about the caller. Tenant scoping is decided here once:
 * - `visible`: companies whose rows the caller may reach by id (null: every company, for admins);
 * - `listed`: companies that collections show in the current view (My Company or All Companies).
 */
export interface RequestContext {
  actor: Actor;
  lang: Language;
  view: 'mine' | 'all';
  visible: readonly number[] | null;
  listed: readonly number[] | null;
  can(permission: Permission): boolean;
  /** The caller's address (behind a trusted proxy, the client's), recorded in the audit trail; null outside a request. */
  ip: string | null;
  /** The request's id (`X-Request-Id`), handed to the jobs it wakes so their logs name it; null outside a request. */
  requestId: string | null;
}

interface ActorRow {
  id: number;
  email: string;
  roles: Role[];
  active: boolean;
  session_epoch: number;
  company_id: number;
  is_top_gun: boolean;
  active_modules: Actor['activeModules'];
  active_module_components: Actor['activeModuleComponents'];
  subsidiary_ids: number[];
}

/** Reads the signed-in user with what access depends on, in one query. */
export async function loadActor(db: Db, userId: number): Promise<Actor | null> {
  const result = await db.execute(sql`
    select u.id, u.email, u.roles, u.active, u.session_epoch, u.company_id, c.is_top_gun, c.active_modules, c.active_module_components,
           array(select s.id from companies s where s.parent_id = c.id order by s.id) as subsidiary_ids
    from users u join companies c on c.id = u.company_id
    where u.id = ${userId}`);
  const row = (result as unknown as { rows: ActorRow[] }).rows[0];
  if (!row?.active || !row.roles[0]) return null;
  return {
    userId: row.id,
    email: row.email,
    role: row.roles[0],
    sessionEpoch: row.session_epoch,
    companyId: row.company_id,
    companyIsTopGun: row.is_top_gun,
    activeModules: row.active_modules,
    activeModuleComponents: row.active_module_components,
    subsidiaryIds: row.subsidiary_ids,
  };
}

/** Tenant scope of a caller: what they may reach, and what collections show in the chosen view. */
export function buildContext(
  actor: Actor,
  lang: Language,
  wantsAll: boolean,
  ip: string | null = null,
  requestId: string | null = null,
): RequestContext {
  const wide = canViewAllCompanies(actor.role, actor.companyIsTopGun);
  const visible = actor.role === 'admin' ? null : wide ? [actor.companyId, ...actor.subsidiaryIds] : [actor.companyId];
  const view = wantsAll && wide ? 'all' : 'mine';
  return {
    actor,
    lang,
    view,
    visible,
    listed: view === 'all' ? visible : [actor.companyId],
    can: (permission) => can(actor.role, permission),
    ip,
    requestId,
  };
}
