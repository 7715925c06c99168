// Placeholder until the schedule work lands: the Recurring Schedule card (issue 12).
export function ScheduleCard() {
  return null;
}
