import { eventColors } from '#shared/contract/calendar.ts';

import type { Db } from '../../db/client.ts';
import { createEvent } from './calendar.repo.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** [day offset from today, start hour (UTC), hours, title, colour, all day, with how many attendees] */
type Plan = [number, number, number, string, number, boolean, number];

const plan: Plan[] = [
  [-12, 9, 1, 'Sprint planning', 0, false, 3],
  [-9, 0, 24, 'Team offsite', 1, true, 4],
  [-7, 14, 1.5, 'Customer interview', 3, false, 1],
  [-5, 10, 0.5, 'Design review', 2, false, 2],
  [-2, 16, 1, 'Budget check-in', 5, false, 1],
  [0, 9, 0.5, 'Daily stand-up', 0, false, 3],
  [0, 13, 1, 'Lunch with Ada', 4, false, 0],
  [1, 11, 2, 'Quarterly report review', 6, false, 2],
  [3, 0, 24, 'Public holiday', 7, true, 0],
  [4, 15, 1, 'One-to-one', 3, false, 1],
  [7, 9, 3, 'Product launch rehearsal', 1, false, 4],
  [10, 0, 48, 'Conference', 2, true, 2],
  [14, 10, 1, 'Retrospective', 0, false, 3],
  [18, 17, 1, 'Yoga class', 4, false, 0],
];

/** A month of events around today for the demo admin, some with attendees among `peopleIds`. */
export async function seedCalendar(db: Db, { adminId, peopleIds }: { adminId: string; peopleIds: string[] }) {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  let next = 0;
  for (const [dayOffset, hour, hours, title, color, allDay, attendees] of plan) {
    const start = new Date(today.getTime() + dayOffset * DAY + hour * HOUR);
    const end = new Date(start.getTime() + hours * HOUR - (allDay ? DAY : 0));
    const invited = Array.from({ length: attendees }, () => peopleIds[next++ % peopleIds.length]!);
    await createEvent(
      db,
      adminId,
      { title, description: '', color: eventColors[color]!, allDay, start, end },
      [...new Set(invited)],
    );
  }
  // Two events the admin attends, owned by others.
  if (peopleIds[0] && peopleIds[1]) {
    await createEvent(
      db,
      peopleIds[0],
      {
        title: 'Marketing sync',
        description: 'Campaign calendar for the launch',
        color: eventColors[5],
        allDay: false,
        start: new Date(today.getTime() + 2 * DAY + 10 * HOUR),
        end: new Date(today.getTime() + 2 * DAY + 11 * HOUR),
      },
      [adminId],
    );
    await createEvent(
      db,
      peopleIds[1],
      {
        title: 'Hiring panel',
        description: '',
        color: eventColors[3],
        allDay: false,
        start: new Date(today.getTime() + 5 * DAY + 14 * HOUR),
        end: new Date(today.getTime() + 5 * DAY + 15 * HOUR),
      },
      [adminId],
    );
  }
}
