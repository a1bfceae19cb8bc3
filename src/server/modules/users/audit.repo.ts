import { and, eq } from 'drizzle-orm';

import type { AuditLogPage } from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { newestFirst, newestFirstList } from '../../lib/list.ts';

export interface AuditRecord {
  actorId: string;
  action: string;
  targetUserId: string | null;
  targetLabel: string;
  changes: Record<string, [unknown, unknown]>;
  ip: string | null;
}

export async function writeAudit(db: Db, records: AuditRecord[]): Promise<void> {
  if (records.length) await db.insert(auditLog).values(records);
}

export async function listAudit(
  db: Db,
  q: { page: number; pageSize: number; cursor?: string | undefined; targetUserId?: string | undefined },
): Promise<AuditLogPage> {
  const where = q.targetUserId ? eq(auditLog.targetUserId, q.targetUserId) : undefined;
  const order = newestFirst(auditLog.createdAt, auditLog.id);
  const { items, ...info } = await newestFirstList(
    q,
    order,
    ({ limit, offset, after }) =>
      db
        .select({
          id: auditLog.id,
          position: order.position,
          entry: auditLog,
          actorFirst: users.firstName,
          actorLast: users.lastName,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(where, after))
        .orderBy(...order.orderBy)
        .limit(limit)
        .offset(offset),
    () => db.$count(auditLog, where),
  );
  return {
    entries: items.map(({ entry, actorFirst, actorLast }) => ({
      id: entry.id,
      action: entry.action,
      actorId: entry.actorId,
      actorName: actorFirst === null ? null : `${actorFirst} ${actorLast ?? ''}`.trim(),
      targetUserId: entry.targetUserId,
      targetLabel: entry.targetLabel,
      changes: entry.changes,
      ip: entry.ip,
      createdAt: entry.createdAt.toISOString(),
    })),
    ...info,
  };
}
